import { z } from 'zod';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES } from './questions.js';
import { safeText } from './text.js';

/**
 * Mock tests and attempts: one attempt engine with two behaviours (docs/PRODUCT.md §8.7).
 * Option ids are per attempt: the letters `A`–`F` in the order the candidate sees the options, so an
 * id says nothing about where the option stood in the bank or whether it is correct.
 */
export const EXAM_LIMITS = {
  titleMax: 200,
  slugMax: 120,
  descriptionMax: 1_000,
  instructionsMax: 20_000,
  sectionsMax: 10,
  sectionQuestionsMax: 200,
  testQuestionsMax: 300,
  rulesPerSectionMax: 20,
  durationMinutesMax: 600,
  attemptsAllowedMax: 100,
  graceSecondsDefault: 60,
  graceSecondsMax: 600,
  marksMax: 100,
  practiceCountMin: 5,
  practiceCountMax: 50,
  /** Saves per attempt per minute before 429: far above what a candidate clicking fast can reach. */
  savesPerMinute: 600,
} as const;

export const OPTION_IDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const optionIdSchema = z.enum(OPTION_IDS, { error: 'An option id is one of A to F' });

export const CONFIDENCE_LEVELS = ['sure', 'fifty', 'guess'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

export const ATTEMPT_BEHAVIOURS = ['practice', 'timed'] as const;
export type AttemptBehaviour = (typeof ATTEMPT_BEHAVIOURS)[number];

/** The five palette states of the real computer-based-test screen. */
export const PALETTE_STATES = ['notVisited', 'notAnswered', 'answered', 'markedForReview', 'answeredMarked'] as const;
export type PaletteState = (typeof PALETTE_STATES)[number];

const id = (label: string) => safeText(label).min(1).max(64, { error: `${label} is too long` });

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
});
export type TestSection = z.infer<typeof testSectionSchema>;

/** A published test as candidates see it in lists. */
export const testSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  exam: z.string().nullable(),
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
    }),
  ),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  attemptsAllowed: z.number().int().nullable(),
  markedAnsweredCounts: z.boolean(),
  revealMode: z.enum(REVEAL_MODES),
  revealAt: z.string().nullable(),
  graceSeconds: z.number().int(),
  status: z.enum(['draft', 'published']),
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
  status: z.enum(['draft', 'published']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminTestPageSchema = z.object({ data: z.array(adminTestSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminTestPage = z.infer<typeof adminTestPageSchema>;

/** GET /api/tests: published tests, newest first; `exam` keeps one exam's (compared without case). */
export const testListQuerySchema = z.strictObject({
  exam: safeText('Exam').trim().max(60).optional(),
});

/** GET /api/admin/tests/:id/preview: `seed` picks the draw (any text; a new one when absent). */
export const testPreviewQuerySchema = z.strictObject({
  seed: safeText('Seed').trim().min(1).max(64).optional(),
});


// ---------------------------------------------------------------------------------------------
// Attempts

export const attemptOptionSchema = z.object({ id: optionIdSchema, html: z.string() });

/** A question as a candidate sees it during an attempt: no key, no explanation. */
export const attemptQuestionSchema = z.object({
  questionId: z.string(),
  /** 1-based number across the attempt, as on the palette. */
  number: z.number().int(),
  sectionId: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  stemHtml: z.string(),
  options: z.array(attemptOptionSchema),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const savedAnswerSchema = z.object({
  questionId: z.string(),
  optionIds: z.array(optionIdSchema),
  markedForReview: z.boolean(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  state: z.enum(PALETTE_STATES),
  /** The client sequence number of the save that wrote this state. */
  seq: z.number().int(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

export const attemptSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  marks: z.number(),
  negativeMarks: z.number(),
  /** Locked sections only: when the section opens and closes. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** How many questions the section holds: a locked section's are delivered only while it is open. */
  questionCount: z.number().int(),
  /** The section's questions by the palette state the server holds for them, delivered or not. */
  states: z.record(z.enum(PALETTE_STATES), z.number().int()),
});

export const ATTEMPT_STATUSES = ['open', 'submitted'] as const;

export const attemptSchema = z.object({
  id: z.string(),
  behaviour: z.enum(ATTEMPT_BEHAVIOURS),
  test: z.object({ id: z.string(), slug: z.string(), title: z.string(), /** Set when the test is a contest's paper: its page is the contest's. */ contestSlug: z.string().nullable().optional() }).nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  attemptNumber: z.number().int(),
  lockedSections: z.boolean(),
  markedAnsweredCounts: z.boolean(),
  startedAt: z.string(),
  /** Null for untimed practice. */
  endsAt: z.string().nullable(),
  graceSeconds: z.number().int(),
  submittedAt: z.string().nullable(),
  sections: z.array(attemptSectionSchema),
  questions: z.array(attemptQuestionSchema),
  answers: z.array(savedAnswerSchema),
  /** The highest client sequence number the server has seen: a device continuing the attempt counts on from it. */
  lastSeq: z.number().int(),
  /** Whether the device asking (its `X-Device-Id` header) is the one allowed to write. */
  writer: z.enum(['this', 'other']),
  serverTime: z.string(),
});
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptResponseSchema = z.object({ data: attemptSchema, serverTime: z.string() });

/**
 * GET /api/attempts/:id/status: what a device watching an attempt needs to know cheaply: whether it
 * is still open, whether the asking device (`X-Device-Id`) writes, and who submitted it.
 */
export const attemptStatusSchema = z.object({
  status: z.enum(ATTEMPT_STATUSES),
  writer: z.enum(['this', 'other']),
  /** Who submitted the attempt: the candidate (on whichever device), or the server when the time ran out. */
  submittedBy: z.enum(['candidate', 'server']).nullable(),
  submittedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  serverTime: z.string(),
});
export type AttemptStatus = z.infer<typeof attemptStatusSchema>;
export const attemptStatusResponseSchema = z.object({ data: attemptStatusSchema, serverTime: z.string() });

/** The header naming the device that works on an attempt (a random id the client keeps). */
export const DEVICE_HEADER = 'x-device-id';

export const answerSaveSchema = z.strictObject({
  optionIds: z.array(optionIdSchema, { error: 'optionIds must be a list of option ids' }).max(OPTION_IDS.length).refine((ids) => new Set(ids).size === ids.length, { error: 'An option is chosen twice' }),
  markedForReview: z.boolean({ error: 'markedForReview must be true or false' }),
  confidence: z.enum(CONFIDENCE_LEVELS, { error: 'Confidence is sure, fifty or guess' }).nullable().optional(),
  /** Per-attempt client sequence number: a save never overwrites one with a higher number. */
  seq: z.number({ error: 'seq must be a number' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** Time the candidate spent on the question, as the device measured it; the server caps it at the time the question has been open. */
  timeSpentMs: z.number().int().min(0).max(24 * 3600 * 1000).optional(),
  /**
   * When the candidate made the save, in the server's time as the device reckons it. Past a
   * deadline, within its grace, a save counts only when this is before the deadline.
   */
  savedAt: z.iso.datetime({ error: 'savedAt must be an ISO date and time' }).optional(),
});
export type AnswerSave = z.input<typeof answerSaveSchema>;
export const answerSaveResponseSchema = z.object({
  data: savedAnswerSchema.extend({ applied: z.boolean() }),
  serverTime: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Results and review

const figures = {
  score: z.number(),
  maxScore: z.number(),
  correct: z.number().int(),
  wrong: z.number().int(),
  /** Partly right multiple-answer questions. */
  partial: z.number().int(),
  unattempted: z.number().int(),
  /** Correct ÷ attempted, as a percentage; null when nothing was attempted. */
  accuracy: z.number().nullable(),
  marksLost: z.number(),
  timeSpentSeconds: z.number(),
};

export const resultSchema = z.object({
  attemptId: z.string(),
  test: z.object({ id: z.string(), slug: z.string(), title: z.string(), /** Set when the test is a contest's paper: its page is the contest's. */ contestSlug: z.string().nullable().optional() }).nullable(),
  attemptNumber: z.number().int(),
  submittedAt: z.string(),
  submittedBy: z.enum(['candidate', 'server']),
  ...figures,
  /** Only first attempts are ranked. */
  ranked: z.boolean(),
  rank: z.number().int().nullable(),
  percentile: z.number().nullable(),
  candidates: z.number().int(),
  sections: z.array(z.object({ sectionId: z.string(), title: z.string(), ...figures })),
  /** Strengths and weaknesses: by category and by learning topic. */
  topics: z.array(z.object({ kind: z.enum(['category', 'topic']), name: z.string(), slug: z.string().nullable(), ...figures })),
  /** Marks gained and lost per confidence level ('none' when the candidate did not say). */
  confidence: z.array(
    z.object({
      level: z.enum([...CONFIDENCE_LEVELS, 'none']),
      answered: z.number().int(),
      correct: z.number().int(),
      wrong: z.number().int(),
      marksGained: z.number(),
      marksLost: z.number(),
      net: z.number(),
    }),
  ),
  reviewAvailable: z.boolean(),
  revealAt: z.string().nullable(),
});
export type AttemptResult = z.infer<typeof resultSchema>;
export const resultResponseSchema = z.object({ data: resultSchema, serverTime: z.string().optional() });

export const reviewQuestionSchema = z.object({
  questionId: z.string(),
  number: z.number().int(),
  sectionId: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  stemHtml: z.string(),
  options: z.array(attemptOptionSchema.extend({ correct: z.boolean() })),
  optionIds: z.array(optionIdSchema),
  correctOptionIds: z.array(optionIdSchema),
  isCorrect: z.boolean(),
  outcome: z.enum(['correct', 'wrong', 'partial', 'unattempted']),
  mark: z.number(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  markedForReview: z.boolean(),
  timeSpentSeconds: z.number(),
  explanationHtml: z.string().nullable(),
  topic: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** Share of submitted first attempts that got the question right, 0–1; null before anyone has. */
  shareCorrect: z.number().nullable(),
  bookmarked: z.boolean(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;
export const reviewResponseSchema = z.object({ data: z.object({ questions: z.array(reviewQuestionSchema) }), serverTime: z.string().optional() });

export const myAttemptSchema = z.object({
  id: z.string(),
  behaviour: z.enum(ATTEMPT_BEHAVIOURS),
  test: z.object({ id: z.string(), slug: z.string(), title: z.string(), /** Set when the test is a contest's paper: its page is the contest's. */ contestSlug: z.string().nullable().optional() }).nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  attemptNumber: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  percentile: z.number().nullable(),
});
export const myAttemptsResponseSchema = z.object({ data: z.array(myAttemptSchema), serverTime: z.string().optional() });
export type MyAttempt = z.infer<typeof myAttemptSchema>;

// ---------------------------------------------------------------------------------------------
// Practice, mistakes, bookmarks

export const PRACTICE_SOURCES = ['bank', 'mistakes', 'bookmarks'] as const;

export const practiceStartSchema = z.strictObject({
  source: z.enum(PRACTICE_SOURCES, { error: 'Source is bank, mistakes or bookmarks' }),
  category: safeText('Category').trim().max(500).optional(),
  topic: safeText('Topic').trim().max(200).optional(),
  difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
  /** A difficulty mix: questions drawn evenly across these levels (as far as the bank has them). */
  difficulties: z
    .array(z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }), { error: 'Difficulties must be a list' })
    .min(1, { error: 'Choose at least one difficulty' })
    .max(QUESTION_DIFFICULTIES.length)
    .refine((levels) => new Set(levels).size === levels.length, { error: 'A difficulty is chosen twice' })
    .optional(),
  count: z
    .number({ error: 'Count must be a number' })
    .int()
    .min(EXAM_LIMITS.practiceCountMin, { error: `Practise at least ${EXAM_LIMITS.practiceCountMin} questions` })
    .max(EXAM_LIMITS.practiceCountMax, { error: `Practise at most ${EXAM_LIMITS.practiceCountMax} questions at once` }),
  /** Only these questions (a review's wrong answers); at most `count`. */
  questionIds: z.array(id('A question id')).max(EXAM_LIMITS.practiceCountMax).optional(),
}).superRefine((s, ctx) => {
  if (s.difficulty && s.difficulties) ctx.addIssue({ code: 'custom', path: ['difficulties'], message: 'Give a difficulty or a difficulty mix, not both' });
});
export type PracticeStart = z.input<typeof practiceStartSchema>;

export const practiceFeedbackSchema = z.object({
  questionId: z.string(),
  optionIds: z.array(optionIdSchema),
  correctOptionIds: z.array(optionIdSchema),
  isCorrect: z.boolean(),
  outcome: z.enum(['correct', 'wrong', 'partial']),
  explanationHtml: z.string().nullable(),
  topic: z.object({ slug: z.string(), title: z.string() }).nullable(),
});
export type PracticeFeedback = z.infer<typeof practiceFeedbackSchema>;

export const practiceSessionSchema = z.object({
  id: z.string(),
  source: z.enum(PRACTICE_SOURCES),
  /** What was asked for, in words (category, topic, difficulty). */
  label: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  questions: z.array(attemptQuestionSchema.extend({ feedback: practiceFeedbackSchema.nullable(), bookmarked: z.boolean() })),
  /** Index of the first unanswered question: where a resumed session continues. */
  position: z.number().int(),
  correct: z.number().int(),
  answered: z.number().int(),
});
export type PracticeSession = z.infer<typeof practiceSessionSchema>;
export const practiceSessionResponseSchema = z.object({ data: practiceSessionSchema });
export const practiceSessionListResponseSchema = z.object({
  data: z.array(practiceSessionSchema.omit({ questions: true }).extend({ questionCount: z.number().int() })),
});
export type PracticeSessionSummary = z.infer<typeof practiceSessionListResponseSchema>['data'][number];

export const practiceAnswerSchema = z.strictObject({
  questionId: id('Question id'),
  optionIds: z.array(optionIdSchema).min(1, { error: 'Choose an option' }).max(OPTION_IDS.length).refine((ids) => new Set(ids).size === ids.length, { error: 'An option is chosen twice' }),
});
export const practiceFeedbackResponseSchema = z.object({ data: practiceFeedbackSchema });

/** What a candidate can practise from the bank: published questions by category and by learning topic. */
export const practiceChoicesSchema = z.object({
  /** Every category path holding published questions, and each of its parents; a count includes sub-categories. */
  categories: z.array(z.object({ path: z.string(), count: z.number().int() })),
  topics: z.array(z.object({ slug: z.string(), title: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type PracticeChoices = z.infer<typeof practiceChoicesSchema>;
export const practiceChoicesResponseSchema = z.object({ data: practiceChoicesSchema });

export const mistakesSchema = z.object({
  /** Wrong answers scheduled for review today or earlier. */
  due: z.number().int(),
  /** Scheduled for a later day. */
  later: z.number().int(),
  /** Answered right at review often enough that their next review is a month or more away. */
  mastered: z.number().int(),
  total: z.number().int(),
  nextDueAt: z.string().nullable(),
});
export type Mistakes = z.infer<typeof mistakesSchema>;
export const mistakesResponseSchema = z.object({ data: mistakesSchema });

export const bookmarkResponseSchema = z.object({ data: z.object({ questionId: z.string(), bookmarked: z.boolean() }) });
export const bookmarkListResponseSchema = z.object({
  data: z.array(z.object({ questionId: z.string(), stemHtml: z.string(), categoryPath: z.string().nullable(), createdAt: z.string() })),
});
export type BookmarkItem = z.infer<typeof bookmarkListResponseSchema>['data'][number];

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

// ---------------------------------------------------------------------------------------------
// Item analysis (editors)

const itemStatsOptionSchema = z.object({
  /** The option's place in the bank (0-based): shuffles do not move it. */
  position: z.number().int(),
  label: z.string(),
  correct: z.boolean(),
  count: z.number().int(),
  share: z.number().nullable(),
  upperGroupCount: z.number().int(),
});

export const itemStatsQuestionSchema = z.object({
  questionId: z.string(),
  /** The question's text, shortened. */
  label: z.string(),
  attempts: z.number().int(),
  meanMark: z.number().nullable(),
  facilityIndex: z.number().nullable(),
  standardDeviation: z.number().nullable(),
  discriminationIndex: z.number().nullable(),
  discriminativeEfficiency: z.number().nullable(),
  options: z.array(itemStatsOptionSchema),
  noAnswer: z.object({ count: z.number().int(), share: z.number().nullable() }),
  upperGroupSize: z.number().int(),
  flags: z.object({ lowDiscriminativeEfficiency: z.boolean(), negativeDiscrimination: z.boolean(), likelyMiskey: z.boolean() }),
  likelyMiskeyOption: z.number().int().nullable(),
});

export const itemStatsTestSchema = z.object({
  attempts: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  standardDeviation: z.number().nullable(),
  skewness: z.number().nullable(),
  kurtosis: z.number().nullable(),
  internalConsistency: z.number().nullable(),
  errorRatio: z.number().nullable(),
  standardError: z.number().nullable(),
});

/**
 * GET /api/admin/tests/:id/item-stats: Moodle's quiz statistics over the submitted first attempts,
 * once there are `minimumAttempts` of them; before that, how many there are so far.
 */
export const itemStatsSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), attempts: z.number().int(), minimumAttempts: z.number().int(), test: itemStatsTestSchema, questions: z.array(itemStatsQuestionSchema) }),
  z.object({ status: z.literal('notEnoughAttempts'), attempts: z.number().int(), minimumAttempts: z.number().int(), message: z.string() }),
]);
export type ItemStats = z.infer<typeof itemStatsSchema>;
export const itemStatsResponseSchema = z.object({ data: itemStatsSchema });
