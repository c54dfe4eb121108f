import { z } from 'zod';
import { attemptQuestionSchema, EXAM_LIMITS } from './attempts.js';
import { id, testLanguagesSchema } from './exam-fields.js';
import { QUESTION_DIFFICULTIES } from './question-kinds.js';
import { questionLanguageSchema } from './questions-languages.js';
import { safeText } from './text.js';

export const TEST_STATUSES = ['draft', 'published', 'archived'] as const;

// Mock tests: what editors write, what candidates see before an attempt, and the editors' preview
// (docs/PRODUCT.md §8.7).

const slug = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .max(EXAM_LIMITS.slugMax, { error: `Slug must be at most ${EXAM_LIMITS.slugMax} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Slug may contain only lower-case letters, digits and single hyphens' });

const marks = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(EXAM_LIMITS.marksMax, { error: `${label} must be at most ${EXAM_LIMITS.marksMax}` })
    .refine((v) => Math.round(v * 100) === v * 100, { error: `${label} may have at most two decimals` });

// ---------------------------------------------------------------------------------------------
// Tests as editors write them

/** One draw from the bank for a blueprint section: `count` published questions matching every filter given. */
export const blueprintRuleSchema = z.strictObject({
  /** A category path; its sub-categories count too. */
  category: safeText('Category').trim().max(500).optional(),
  /** A learning topic's slug. */
  topic: safeText('Topic').trim().max(200).optional(),
  difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
  count: z.number({ error: 'Count must be a number' }).int().min(1, { error: 'Draw at least one question' }).max(EXAM_LIMITS.sectionQuestionsMax),
});
export type BlueprintRule = z.infer<typeof blueprintRuleSchema>;

const cutOff = z.number({ error: 'Cut-off must be a number' }).min(-100_000, { error: 'Cut-off is too low' }).max(100_000, { error: 'Cut-off is too high' });

export const testSectionInputSchema = z
  .strictObject({
    title: safeText('Section title', 'Enter a section title').trim().min(1, { error: 'Enter a section title' }).max(EXAM_LIMITS.titleMax),
    /** Marks for a right answer. */
    marks: marks('Marks').refine((v) => v > 0, { error: 'Marks must be more than zero' }),
    /** Marks taken away for a wrong answer. */
    negativeMarks: marks('Negative marks').default(0),
    /** With a time limit on every section, sections are locked: taken in order, each closing when its time ends. */
    timeLimitMinutes: z.number().int().min(1, { error: 'A section time limit is at least one minute' }).max(EXAM_LIMITS.durationMinutesMax).nullable().default(null),
    /** A fixed list (every candidate gets these questions) or a blueprint (drawn per candidate). */
    questionIds: z.array(id('A question id')).max(EXAM_LIMITS.sectionQuestionsMax, { error: `A section holds at most ${EXAM_LIMITS.sectionQuestionsMax} questions` }).default([]),
    rules: z.array(blueprintRuleSchema).max(EXAM_LIMITS.rulesPerSectionMax).default([]),
    /** The section's declared cut-off score, if any. */
    cutOff: cutOff.nullable().default(null),
    /**
     * Set when the section is in this one language only, as a bilingual paper's English section is:
     * its questions need that language's text, not the test's others. Null: the test's languages.
     */
    language: questionLanguageSchema.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.negativeMarks > s.marks) ctx.addIssue({ code: 'custom', path: ['negativeMarks'], message: 'Negative marks cannot be more than the marks for a right answer' });
    if (s.questionIds.length > 0 && s.rules.length > 0) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'A section has either a fixed list of questions or a blueprint, not both' });
    if (s.questionIds.length === 0 && s.rules.length === 0) ctx.addIssue({ code: 'custom', path: ['questionIds'], message: 'Add questions to the section or a blueprint to draw them' });
    if (new Set(s.questionIds).size !== s.questionIds.length) ctx.addIssue({ code: 'custom', path: ['questionIds'], message: 'A question appears twice in the section' });
  });
export type TestSectionInput = z.input<typeof testSectionInputSchema>;

export const REVEAL_MODES = ['submission', 'date'] as const;

export const testInputSchema = z
  .strictObject({
    title: safeText('Title', 'Enter a title').trim().min(1, { error: 'Enter a title' }).max(EXAM_LIMITS.titleMax, { error: `Title must be at most ${EXAM_LIMITS.titleMax} characters` }),
    slug: slug.optional(),
    description: safeText('Description').trim().max(EXAM_LIMITS.descriptionMax).default(''),
    /** Markdown shown on the instructions page, before the general marking and palette notes. */
    instructions: safeText('Instructions').max(EXAM_LIMITS.instructionsMax).default(''),
    /** Exam the test prepares for (a topic category such as SSC), for filtering. */
    exam: safeText('Exam').trim().max(60).nullable().default(null),
    /** The languages the test is offered in; every question it gives must be readable in each. */
    languages: testLanguagesSchema,
    durationMinutes: z.number({ error: 'Duration must be a number of minutes' }).int().min(1, { error: 'Duration is at least one minute' }).max(EXAM_LIMITS.durationMinutesMax),
    sections: z.array(testSectionInputSchema).min(1, { error: 'Add at least one section' }).max(EXAM_LIMITS.sectionsMax, { error: `At most ${EXAM_LIMITS.sectionsMax} sections` }),
    shuffleQuestions: z.boolean().default(false),
    shuffleOptions: z.boolean().default(true),
    /** How many attempts a candidate may start; null for no limit. */
    attemptsAllowed: z.number().int().min(1).max(EXAM_LIMITS.attemptsAllowedMax).nullable().default(null),
    /** Whether "answered and marked for review" is marked (the NTA rule) or left unattempted. */
    markedAnsweredCounts: z.boolean().default(true),
    /** When answers and explanations are shown: at submission, or from `revealAt`. */
    revealMode: z.enum(REVEAL_MODES).default('submission'),
    revealAt: z.iso.datetime({ error: 'Reveal date must be an ISO date and time' }).nullable().default(null),
    /** Seconds after a deadline in which saves already on their way are still accepted. */
    graceSeconds: z.number().int().min(0).max(EXAM_LIMITS.graceSecondsMax).default(EXAM_LIMITS.graceSecondsDefault),
    /** The declared cut-off score, if any (an earlier year's, or this one's once known): results are set beside it. */
    cutOff: cutOff.nullable().default(null),
  })
  .superRefine((t, ctx) => {
    if (t.revealMode === 'date' && !t.revealAt) ctx.addIssue({ code: 'custom', path: ['revealAt'], message: 'Choose the date answers are shown' });
    const limits = t.sections.map((s) => s.timeLimitMinutes);
    const timed = limits.filter((l) => l !== null).length;
    if (timed > 0 && timed < limits.length) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'Give every section a time limit, or none' });
    if (timed === limits.length) {
      const total = limits.reduce<number>((sum, l) => sum + (l ?? 0), 0);
      if (total !== t.durationMinutes) ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: `With locked sections the duration is the sum of the section limits (${total} minutes)` });
    }
    const count = t.sections.reduce((n, s) => n + s.questionIds.length + s.rules.reduce((m, r) => m + r.count, 0), 0);
    if (count > EXAM_LIMITS.testQuestionsMax) ctx.addIssue({ code: 'custom', path: ['sections'], message: `A test holds at most ${EXAM_LIMITS.testQuestionsMax} questions` });
    const ids = t.sections.flatMap((s) => s.questionIds);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'A question appears in two sections' });
    t.sections.forEach((s, i) => {
      if (s.language !== null && !t.languages.includes(s.language)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'language'], message: 'A section can be in one language only if the test is offered in it' });
    });
  });
export type TestInput = z.input<typeof testInputSchema>;
export type TestInputParsed = z.output<typeof testInputSchema>;

export const testSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  marks: z.number(),
  negativeMarks: z.number(),
  timeLimitMinutes: z.number().int().nullable(),
  questionCount: z.number().int(),
  /** Set when the section's questions are in this one language only; null: in the test's languages. */
  language: questionLanguageSchema.nullable(),
});
export type TestSection = z.infer<typeof testSectionSchema>;

/** A published test as candidates see it in lists. */
export const testSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  exam: z.string().nullable(),
  /** The languages the test is offered in, its first the default. */
  languages: z.array(questionLanguageSchema),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  maxScore: z.number(),
  sectionCount: z.number().int(),
  lockedSections: z.boolean(),
  attemptsAllowed: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
});
export type TestSummary = z.infer<typeof testSummarySchema>;

/** A test's instructions page. */
export const testDetailSchema = testSummarySchema.extend({
  instructionsHtml: z.string(),
  sections: z.array(testSectionSchema),
  markedAnsweredCounts: z.boolean(),
  revealMode: z.enum(REVEAL_MODES),
  revealAt: z.string().nullable(),
  graceSeconds: z.number().int(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  /** For a signed-in candidate: attempts started so far and the open one, if any. */
  myAttempts: z.object({ count: z.number().int(), openAttemptId: z.string().nullable() }).nullable(),
});
export type TestDetail = z.infer<typeof testDetailSchema>;

export const testListResponseSchema = z.object({ data: z.array(testSummarySchema) });
export const testDetailResponseSchema = z.object({ data: testDetailSchema });

/** A test as editors see it: the input back, plus status and figures. */
export const adminTestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  exam: z.string().nullable(),
  languages: z.array(questionLanguageSchema),
  durationMinutes: z.number().int(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      marks: z.number(),
      negativeMarks: z.number(),
      timeLimitMinutes: z.number().int().nullable(),
      questionIds: z.array(z.string()),
      rules: z.array(blueprintRuleSchema),
      questionCount: z.number().int(),
      cutOff: z.number().nullable(),
      language: questionLanguageSchema.nullable(),
    }),
  ),
  cutOff: z.number().nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  attemptsAllowed: z.number().int().nullable(),
  markedAnsweredCounts: z.boolean(),
  revealMode: z.enum(REVEAL_MODES),
  revealAt: z.string().nullable(),
  graceSeconds: z.number().int(),
  /** `archived`: deleted after candidates attempted it; out of every list, its attempts and results kept. */
  status: z.enum(TEST_STATUSES),
  questionCount: z.number().int(),
  maxScore: z.number(),
  submittedAttempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminTest = z.infer<typeof adminTestSchema>;
export const adminTestResponseSchema = z.object({ data: adminTestSchema });
export const adminTestListQuerySchema = z.strictObject({
  search: safeText('Search').trim().max(100).optional(),
  /** Without it, the list leaves archived tests out. */
  status: z.enum(TEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminTestPageSchema = z.object({ data: z.array(adminTestSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminTestPage = z.infer<typeof adminTestPageSchema>;
/** What deleting a test did: an attempted test is archived instead, keeping its attempts and results. */
export const testDeleteResponseSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type TestDeleteOutcome = z.infer<typeof testDeleteResponseSchema>['outcome'];

/** GET /api/tests: published tests, newest first; `exam` keeps one exam's (compared without case). */
export const testListQuerySchema = z.strictObject({
  exam: safeText('Exam').trim().max(60).optional(),
});

/** GET /api/admin/tests/:id/preview: `seed` picks the draw (any text; a new one when absent). */
export const testPreviewQuerySchema = z.strictObject({
  seed: safeText('Seed').trim().min(1).max(64).optional(),
});

// ---------------------------------------------------------------------------------------------
// Editors' preview

/** A test as a candidate would get it from one seed: blueprint sections drawn, shuffles applied, no key. */
export const testPreviewSchema = z.object({
  seed: z.string(),
  id: z.string(),
  title: z.string(),
  durationMinutes: z.number().int(),
  lockedSections: z.boolean(),
  maxScore: z.number(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), marks: z.number(), negativeMarks: z.number(), timeLimitMinutes: z.number().int().nullable(), questionCount: z.number().int() })),
  questions: z.array(attemptQuestionSchema),
});
export type TestPreview = z.infer<typeof testPreviewSchema>;
export const testPreviewResponseSchema = z.object({ data: testPreviewSchema });
