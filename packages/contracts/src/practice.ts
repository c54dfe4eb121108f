import { z } from 'zod';
import { ATTEMPT_STATUSES, attemptQuestionSchema, EXAM_LIMITS, OPTION_IDS, optionIdSchema } from './attempts.js';
import { id } from './exam-fields.js';
import { QUESTION_DIFFICULTIES } from './question-kinds.js';
import { questionLanguageSchema } from './questions-languages.js';
import { safeText } from './text.js';

// Practice sessions, mistakes due for review and bookmarks (docs/PRODUCT.md §8.7).

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
  /** The explanation in the question's other language, when it has one (null too while the key is withheld). */
  translation: z.object({ language: questionLanguageSchema, explanationHtml: z.string().nullable() }).nullable(),
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
