import type { AdminTest, BlueprintRule, QuestionLanguage, TestDetail, TestSection, TestSummary } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import type { SectionRuleRow, SectionWithContent } from './papers.repo.js';
import type { TestRow } from './papers.table.js';

/** Questions a section gives each candidate: its fixed list, or the sum of its blueprint's counts. */
export const sectionQuestionCount = (s: Pick<SectionWithContent, 'questionIds' | 'rules'>): number =>
  s.questionIds.length > 0 ? s.questionIds.length : s.rules.reduce((n, r) => n + r.count, 0);

const figures = (sections: SectionWithContent[]) => ({
  questionCount: sections.reduce((n, s) => n + sectionQuestionCount(s), 0),
  // Rounded to the paisa of a mark, so 0.1 + 0.2 never shows as 0.30000000000000004.
  maxScore: Math.round(sections.reduce((n, s) => n + s.marks * sectionQuestionCount(s), 0) * 100) / 100,
  sectionCount: sections.length,
  lockedSections: sections.length > 0 && sections.every((s) => s.time_limit_minutes !== null),
});

/** A test's stored languages (JSON), English alone for anything unreadable. */
export function parseLanguages(json: string): QuestionLanguage[] {
  const parsed = JSON.parse(json) as unknown;
  const languages = Array.isArray(parsed) ? parsed.filter((l): l is QuestionLanguage => l === 'en' || l === 'hi') : [];
  return languages.length > 0 ? [...new Set(languages)] : ['en'];
}

export function toRule(r: SectionRuleRow): BlueprintRule {
  return {
    ...(r.category_path !== null ? { category: r.category_path } : {}),
    ...(r.topic_slug !== null ? { topic: r.topic_slug } : {}),
    ...(r.difficulty !== null ? { difficulty: r.difficulty } : {}),
    count: r.count,
  };
}

export function toTestSummary(row: TestRow, sections: SectionWithContent[]): TestSummary {
  const { questionCount, maxScore, sectionCount, lockedSections } = figures(sections);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    exam: row.exam,
    languages: parseLanguages(row.languages),
    durationMinutes: row.duration_minutes,
    questionCount,
    maxScore,
    sectionCount,
    lockedSections,
    attemptsAllowed: row.attempts_allowed,
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
  };
}

const toSection = (s: SectionWithContent): TestSection => ({
  id: s.id,
  title: s.title,
  marks: s.marks,
  negativeMarks: s.negative_marks,
  timeLimitMinutes: s.time_limit_minutes,
  questionCount: sectionQuestionCount(s),
  language: s.language,
});

export function toTestDetail(row: TestRow, sections: SectionWithContent[], myAttempts: TestDetail['myAttempts']): TestDetail {
  return {
    ...toTestSummary(row, sections),
    instructionsHtml: row.instructions_html,
    sections: sections.map(toSection),
    markedAnsweredCounts: row.marked_answered_counts === 1,
    revealMode: row.reveal_mode,
    revealAt: row.reveal_at === null ? null : toIso(row.reveal_at),
    graceSeconds: row.grace_seconds,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    myAttempts,
  };
}

export function toAdminTest(row: TestRow, sections: SectionWithContent[], submittedAttempts: number): AdminTest {
  const { questionCount, maxScore } = figures(sections);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    instructions: row.instructions,
    exam: row.exam,
    languages: parseLanguages(row.languages),
    durationMinutes: row.duration_minutes,
    sections: sections.map((s) => ({ ...toSection(s), questionIds: s.questionIds, rules: s.rules.map(toRule), cutOff: s.cut_off })),
    cutOff: row.cut_off,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    attemptsAllowed: row.attempts_allowed,
    markedAnsweredCounts: row.marked_answered_counts === 1,
    revealMode: row.reveal_mode,
    revealAt: row.reveal_at === null ? null : toIso(row.reveal_at),
    graceSeconds: row.grace_seconds,
    status: row.status,
    questionCount,
    maxScore,
    submittedAttempts,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
  };
}

/**
 * A test as the audit trail records it: its title, status and timing, each section's title, marks,
 * time limit and question count or blueprint rules, when answers are shown and how many attempts a
 * candidate may start.
 */
export function testAuditView(row: TestRow, sections: SectionWithContent[]) {
  return {
    title: row.title,
    status: row.status,
    languages: parseLanguages(row.languages),
    durationMinutes: row.duration_minutes,
    sections: sections.map((s) => ({
      title: s.title,
      marks: s.marks,
      negativeMarks: s.negative_marks,
      timeLimitMinutes: s.time_limit_minutes,
      ...(s.language !== null ? { language: s.language } : {}),
      ...(s.questionIds.length > 0 ? { questions: s.questionIds.length } : {}),
      ...(s.rules.length > 0 ? { rules: s.rules.map(toRule) } : {}),
    })),
    revealMode: row.reveal_mode,
    revealAt: row.reveal_at === null ? null : toIso(row.reveal_at),
    attemptsAllowed: row.attempts_allowed,
  };
}

export const testAuditObject = (row: Pick<TestRow, 'id' | 'title'>) => ({ type: 'test' as const, id: row.id, label: row.title });
