import { z } from 'zod';
import { attemptTestSchema, id } from './exam-fields.js';
import { QUESTION_TYPES } from './question-kinds.js';
import { questionLanguageSchema } from './questions-languages.js';

// Attempts: one attempt engine with two behaviours (docs/PRODUCT.md §8.7), and the words the exam
// modules (tests, attempts, practice) share. Option ids are per attempt: the letters `A`–`F` in the
// order the candidate sees the options, so an id says nothing about where the option stood in the bank
// or whether it is correct.

/** Limits of the exam modules: tests, attempts and practice. */
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
  /** A result shows its percentile once at least this many candidates are ranked on the paper (a server setting). */
  percentileFrom: 30,
} as const;

export const OPTION_IDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const optionIdSchema = z.enum(OPTION_IDS, { error: 'An option id is one of A to F' });
/** An option as the candidate sees it: A for the first shown, B for the second… */
export type OptionId = (typeof OPTION_IDS)[number];

export const CONFIDENCE_LEVELS = ['sure', 'fifty', 'guess'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

export const ATTEMPT_BEHAVIOURS = ['practice', 'timed'] as const;
export type AttemptBehaviour = (typeof ATTEMPT_BEHAVIOURS)[number];

/** The five palette states of the real computer-based-test screen. */
export const PALETTE_STATES = ['notVisited', 'notAnswered', 'answered', 'markedForReview', 'answeredMarked'] as const;
export type PaletteState = (typeof PALETTE_STATES)[number];

/** The palette state a save leaves a visited question in; a question never saved is not visited. */
export function paletteState(answered: boolean, markedForReview: boolean): PaletteState {
  if (answered) return markedForReview ? 'answeredMarked' : 'answered';
  return markedForReview ? 'markedForReview' : 'notAnswered';
}

// ---------------------------------------------------------------------------------------------
// The attempt document and saves

export const attemptOptionSchema = z.object({ id: optionIdSchema, html: z.string() });

/**
 * A question's texts in its other language, as the candidate reads them: the options by the same
 * per-attempt ids, in the same shown order, so an answer never depends on the language shown.
 */
export const attemptTranslationSchema = z.object({
  language: questionLanguageSchema,
  stemHtml: z.string(),
  options: z.array(attemptOptionSchema),
});
export type AttemptTranslation = z.infer<typeof attemptTranslationSchema>;

/** A question as a candidate sees it during an attempt: no key, no explanation. */
export const attemptQuestionSchema = z.object({
  questionId: z.string(),
  /** 1-based number across the attempt, as on the palette. */
  number: z.number().int(),
  sectionId: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  /** The language of `stemHtml` and `options`. */
  language: questionLanguageSchema,
  stemHtml: z.string(),
  options: z.array(attemptOptionSchema),
  /** The same question in its other language, when it has one. */
  translation: attemptTranslationSchema.nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/**
 * The languages a candidate reads an attempt in: the default for every question, and a question
 * switched to another on its own ("View In"). A question shown in a language it lacks is shown in its own.
 */
export const attemptViewSchema = z.object({
  language: questionLanguageSchema,
  questions: z.record(z.string(), questionLanguageSchema),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

/** PUT /api/attempts/:id/view: the whole view, replacing the one kept (the last change wins). */
export const attemptViewInputSchema = z.strictObject({
  language: questionLanguageSchema,
  questions: z
    .record(id('A question id'), questionLanguageSchema, { error: 'questions must map question ids to en or hi' })
    .default({})
    .refine((q) => Object.keys(q).length <= EXAM_LIMITS.testQuestionsMax, { error: `At most ${EXAM_LIMITS.testQuestionsMax} questions` }),
});
export type AttemptViewInput = z.input<typeof attemptViewInputSchema>;
export const attemptViewResponseSchema = z.object({ data: attemptViewSchema, serverTime: z.string() });

/** POST /api/tests/:slug/attempts (and a contest's attempt): the default language the candidate chose, if any. */
export const attemptStartSchema = z.strictObject({ language: questionLanguageSchema.optional() });
export type AttemptStart = z.input<typeof attemptStartSchema>;

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
  test: attemptTestSchema.nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  attemptNumber: z.number().int(),
  lockedSections: z.boolean(),
  markedAnsweredCounts: z.boolean(),
  startedAt: z.string(),
  /** Null for untimed practice. */
  endsAt: z.string().nullable(),
  graceSeconds: z.number().int(),
  /** The compensatory time this attempt started with, in extra minutes per hour (0: none): `endsAt` and the sections' windows include it. */
  extraMinutesPerHour: z.number().int(),
  submittedAt: z.string().nullable(),
  sections: z.array(attemptSectionSchema),
  questions: z.array(attemptQuestionSchema),
  answers: z.array(savedAnswerSchema),
  /** The languages the candidate reads the attempt in, as last chosen on any device. */
  view: attemptViewSchema,
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
