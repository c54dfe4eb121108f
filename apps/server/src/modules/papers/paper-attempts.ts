import { OPTION_IDS, type Attempt, type ItemStats, type QuestionLanguage, type TestPreview } from '@abhyas/contracts';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { beginTimedAttempt, candidateOrder, getAttempt, newSeed, questionsSealedElsewhere, testItemStats, type AttemptDeps } from '../attempts/attempts.service.js';
import { candidateQuestions } from '../questions/question-reads.service.js';
import { testForAttempt, testForPreview, testRevealInfo, type TestsDeps } from './papers.service.js';

/**
 * Mock tests as a user of the attempt engine: the papers module draws the paper and hands it to the
 * engine, which knows nothing of tests.
 */

/**
 * POST /api/tests/:slug/attempts: starts the candidate's attempt at a published test (its blueprint
 * drawn from a new seed, keeping out questions whose key another test withholds), or answers the open one.
 */
export async function startTestAttempt(deps: AttemptDeps, slug: string, userId: string, deviceId: string | null, language?: QuestionLanguage): Promise<{ attempt: Attempt; created: boolean }> {
  const seed = newSeed();
  const test = await testForAttempt(deps, slug, seed, (testId) => questionsSealedElsewhere(deps, testId, deps.clock.now()));
  if (!test) throw notFound('Test not found');
  const { id, created, questions } = await beginTimedAttempt(deps, { test, seed, userId, deviceId, language });
  return { attempt: await getAttempt(deps, id, userId, deviceId, questions), created };
}

/** The editors' item analysis of a test, from the attempt engine; 404 for an unknown test. */
export async function itemStatsOfTest(deps: TestsDeps, testId: string): Promise<ItemStats> {
  if (!(await testRevealInfo(deps, testId))) throw notFound('Test not found');
  return testItemStats(deps, testId);
}

/**
 * The editors' "preview as candidate": the questions one seed draws, in the order and with the option
 * order the attempt engine gives a candidate starting with that seed, without the key.
 */
export async function previewTest(deps: TestsDeps, id: string, seed: string = newId()): Promise<TestPreview> {
  const test = await testForPreview(deps, id, seed);
  if (!test) throw notFound('Test not found');
  const [order, questions] = await Promise.all([candidateOrder(deps, test, seed), candidateQuestions(deps, test.sections.flatMap((s) => s.questionIds))]);
  const out: TestPreview['questions'] = [];
  for (const section of order) {
    for (const { id: qid, order: positions } of section.questions) {
      const q = questions.get(qid);
      if (!q) continue;
      // Options by the letters the candidate sees, in the same order in either language.
      const shown = (html: readonly string[]) =>
        positions
          .flatMap((p) => (html[p] === undefined ? [] : [html[p]!]))
          .slice(0, OPTION_IDS.length)
          .map((text, i) => ({ id: OPTION_IDS[i]!, html: text }));
      const t = q.translation;
      out.push({
        questionId: q.id,
        number: out.length + 1,
        sectionId: section.sectionId,
        type: q.type,
        language: q.language,
        stemHtml: q.stemHtml,
        options: shown(q.optionsHtml),
        translation: t && { language: t.language, stemHtml: t.stemHtml, options: shown(t.optionsHtml) },
      });
    }
  }
  const locked = test.sections.length > 0 && test.sections.every((s) => s.timeLimitMinutes !== null);
  return {
    seed,
    id: test.id,
    title: test.title,
    durationMinutes: test.durationMinutes,
    lockedSections: locked,
    maxScore: Math.round(test.sections.reduce((n, s) => n + s.marks * s.questionIds.length, 0) * 100) / 100,
    sections: test.sections.map((s) => ({ id: s.id, title: s.title, marks: s.marks, negativeMarks: s.negativeMarks, timeLimitMinutes: s.timeLimitMinutes, questionCount: s.questionIds.length })),
    questions: out,
  };
}
