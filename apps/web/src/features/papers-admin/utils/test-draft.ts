import type { AdminTest, ErrorDetail, QUESTION_DIFFICULTIES, QuestionLanguage } from '@abhyas/contracts';
import { issuesToPathErrors } from '@/lib/form-errors';

export type Difficulty = (typeof QUESTION_DIFFICULTIES)[number];

/** One blueprint rule as the form holds it: text fields, '' meaning "any". */
export interface RuleDraft {
  key: string;
  category: string;
  topic: string;
  difficulty: Difficulty | '';
  count: string;
}

export type SectionMode = 'fixed' | 'blueprint';

/** One section as the form holds it; both the picked questions and the rules are kept while the editor switches. */
export interface SectionDraft {
  key: string;
  title: string;
  marks: string;
  negativeMarks: string;
  /** Minutes, or '' for none. */
  timeLimit: string;
  /** The section's cut-off score, or '' for none. */
  cutOff: string;
  mode: SectionMode;
  questionIds: string[];
  rules: RuleDraft[];
  /** The one language the section is in, or '' for the test's languages. */
  language: QuestionLanguage | '';
}

export interface TestDraft {
  title: string;
  slug: string;
  description: string;
  instructions: string;
  exam: string;
  /** The languages the test is offered in, its first the default. */
  languages: QuestionLanguage[];
  durationMinutes: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** '' for no limit. */
  attemptsAllowed: string;
  markedAnsweredCounts: boolean;
  revealMode: 'submission' | 'date';
  /** A `datetime-local` value in the editor's time zone. */
  revealAt: string;
  graceSeconds: string;
  /** The test's cut-off score, or '' for none. */
  cutOff: string;
  sections: SectionDraft[];
}

let keys = 0;
/** A key for a new section or rule, stable while the list is reordered. */
export const newKey = (): string => `k${(keys += 1)}`;

export const blankRule = (): RuleDraft => ({ key: newKey(), category: '', topic: '', difficulty: '', count: '10' });

export const blankSection = (title = ''): SectionDraft => ({ key: newKey(), title, marks: '1', negativeMarks: '0', timeLimit: '', cutOff: '', mode: 'fixed', questionIds: [], rules: [blankRule()], language: '' });

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time; what cannot be read goes on as typed, for the schema to name. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** An optional number as a field holds it: '' for none. */
const textOrEmpty = (value: number | null): string => (value === null ? '' : String(value));

export function draftFromTest(test?: AdminTest): TestDraft {
  if (!test) {
    return {
      title: '',
      slug: '',
      description: '',
      instructions: '',
      exam: '',
      languages: ['en'],
      durationMinutes: '60',
      shuffleQuestions: false,
      shuffleOptions: true,
      attemptsAllowed: '',
      markedAnsweredCounts: true,
      revealMode: 'submission',
      revealAt: '',
      graceSeconds: '60',
      cutOff: '',
      sections: [blankSection()],
    };
  }
  return {
    title: test.title,
    slug: test.slug,
    description: test.description,
    instructions: test.instructions,
    exam: test.exam ?? '',
    languages: [...test.languages],
    durationMinutes: String(test.durationMinutes),
    shuffleQuestions: test.shuffleQuestions,
    shuffleOptions: test.shuffleOptions,
    attemptsAllowed: textOrEmpty(test.attemptsAllowed),
    markedAnsweredCounts: test.markedAnsweredCounts,
    revealMode: test.revealMode,
    revealAt: toLocalInput(test.revealAt),
    graceSeconds: String(test.graceSeconds),
    cutOff: textOrEmpty(test.cutOff),
    sections: test.sections.map((s) => ({
      key: newKey(),
      title: s.title,
      marks: String(s.marks),
      negativeMarks: String(s.negativeMarks),
      timeLimit: textOrEmpty(s.timeLimitMinutes),
      cutOff: textOrEmpty(s.cutOff),
      mode: s.rules.length > 0 ? 'blueprint' : 'fixed',
      questionIds: s.questionIds,
      rules:
        s.rules.length > 0
          ? s.rules.map((r) => ({ key: newKey(), category: r.category ?? '', topic: r.topic ?? '', difficulty: r.difficulty ?? '', count: String(r.count) }))
          : [blankRule()],
      language: s.language ?? '',
    })),
  };
}

/** A number when the text is one, else the text itself, so the schema names what is wrong. */
export const numberOrText = (value: string): number | string => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

const orNull = (value: string) => (value.trim() === '' ? null : numberOrText(value));

/** The request body for POST or PUT /api/admin/tests, before the schema checks it. */
export function draftToInput(d: TestDraft): unknown {
  return {
    title: d.title,
    ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
    description: d.description,
    instructions: d.instructions,
    exam: d.exam.trim() || null,
    languages: d.languages,
    durationMinutes: numberOrText(d.durationMinutes),
    shuffleQuestions: d.shuffleQuestions,
    shuffleOptions: d.shuffleOptions,
    attemptsAllowed: orNull(d.attemptsAllowed),
    markedAnsweredCounts: d.markedAnsweredCounts,
    revealMode: d.revealMode,
    revealAt: d.revealMode === 'date' && d.revealAt ? fromLocalInput(d.revealAt) : null,
    graceSeconds: numberOrText(d.graceSeconds),
    cutOff: orNull(d.cutOff),
    sections: d.sections.map((s) => ({
      title: s.title,
      marks: numberOrText(s.marks),
      negativeMarks: s.negativeMarks.trim() === '' ? 0 : numberOrText(s.negativeMarks),
      timeLimitMinutes: orNull(s.timeLimit),
      cutOff: orNull(s.cutOff),
      language: s.language || null,
      ...(s.mode === 'fixed'
        ? { questionIds: s.questionIds, rules: [] }
        : {
            questionIds: [],
            rules: s.rules.map((r) => ({
              ...(r.category.trim() ? { category: r.category.trim() } : {}),
              ...(r.topic ? { topic: r.topic } : {}),
              ...(r.difficulty ? { difficulty: r.difficulty } : {}),
              count: numberOrText(r.count),
            })),
          }),
    })),
  };
}

const num = (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : 0;
};

/** Questions a section gives each candidate, as the form stands. */
export const sectionQuestions = (s: SectionDraft): number => (s.mode === 'fixed' ? s.questionIds.length : s.rules.reduce((n, r) => n + Math.max(0, Math.floor(num(r.count))), 0));

export interface TestSummaryFigures {
  questions: number;
  maxScore: number;
  durationMinutes: number;
  /** Every section has a time limit: taken in order, each closing when its time ends. */
  locked: boolean;
  /** The sum of the section limits, when locked. */
  sectionMinutes: number;
}

/** The live summary beside the form. */
export function summarise(d: TestDraft): TestSummaryFigures {
  const locked = d.sections.length > 0 && d.sections.every((s) => s.timeLimit.trim() !== '');
  return {
    questions: d.sections.reduce((n, s) => n + sectionQuestions(s), 0),
    maxScore: Math.round(d.sections.reduce((n, s) => n + num(s.marks) * sectionQuestions(s), 0) * 100) / 100,
    durationMinutes: num(d.durationMinutes),
    locked,
    sectionMinutes: locked ? d.sections.reduce((n, s) => n + num(s.timeLimit), 0) : 0,
  };
}

/** Messages by the full path of the field they are about (`sections.1.rules.0.count`), the first one each. */
export type PathErrors = Record<string, string>;

export const pathErrors = issuesToPathErrors;

export const detailsToPathErrors = (details: readonly ErrorDetail[]): PathErrors => pathErrors(details.map((d) => ({ path: d.field ? d.field.split('.') : [], message: d.message })));

/** Messages about a section or anything in it (for the section's own summary line). */
export const sectionHasError = (errors: PathErrors, index: number): boolean => Object.keys(errors).some((path) => path === `sections.${index}` || path.startsWith(`sections.${index}.`));

export type SectionAction =
  | { kind: 'add' }
  | { kind: 'remove'; key: string }
  | { kind: 'move'; key: string; by: -1 | 1 }
  | { kind: 'patch'; key: string; patch: Partial<Omit<SectionDraft, 'key' | 'rules' | 'questionIds'>> }
  | { kind: 'toggleQuestion'; key: string; questionId: string }
  | { kind: 'moveQuestion'; key: string; questionId: string; by: -1 | 1 }
  | { kind: 'addRule'; key: string }
  | { kind: 'removeRule'; key: string; ruleKey: string }
  | { kind: 'patchRule'; key: string; ruleKey: string; patch: Partial<Omit<RuleDraft, 'key'>> };

function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Every change to the sections: add, remove and reorder them, pick questions, edit blueprint rules. */
export function sectionsReducer(sections: readonly SectionDraft[], action: SectionAction): SectionDraft[] {
  if (action.kind === 'add') return [...sections, blankSection()];
  if (action.kind === 'remove') return sections.filter((s) => s.key !== action.key);
  if (action.kind === 'move') return moved(sections, sections.findIndex((s) => s.key === action.key), action.by);
  return sections.map((s) => {
    if (s.key !== action.key) return s;
    switch (action.kind) {
      case 'patch':
        return { ...s, ...action.patch };
      case 'toggleQuestion':
        return { ...s, questionIds: s.questionIds.includes(action.questionId) ? s.questionIds.filter((id) => id !== action.questionId) : [...s.questionIds, action.questionId] };
      case 'moveQuestion':
        return { ...s, questionIds: moved(s.questionIds, s.questionIds.indexOf(action.questionId), action.by) };
      case 'addRule':
        return { ...s, rules: [...s.rules, blankRule()] };
      case 'removeRule':
        return { ...s, rules: s.rules.filter((r) => r.key !== action.ruleKey) };
      case 'patchRule':
        return { ...s, rules: s.rules.map((r) => (r.key === action.ruleKey ? { ...r, ...action.patch } : r)) };
    }
  });
}
