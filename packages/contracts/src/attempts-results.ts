import { z } from 'zod';
import { KEY_DECISION_ACTIONS } from './challenges.js';
import { ATTEMPT_BEHAVIOURS, ATTEMPT_STATUSES, attemptOptionSchema, attemptTranslationSchema, CONFIDENCE_LEVELS, optionIdSchema } from './attempts.js';
import { questionLanguageSchema } from './questions-languages.js';
import { attemptTestSchema } from './exam-fields.js';
import { QUESTION_TYPES } from './question-kinds.js';

// An attempt's result and review, and the candidate's list of attempts (docs/PRODUCT.md §8.7).

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
  test: attemptTestSchema.nullable(),
  attemptNumber: z.number().int(),
  submittedAt: z.string(),
  submittedBy: z.enum(['candidate', 'server']),
  ...figures,
  /** From the start to the submission on the server's clock, at most to the attempt's end. */
  timeTakenSeconds: z.number().int(),
  /** Only first attempts are ranked. */
  ranked: z.boolean(),
  rank: z.number().int().nullable(),
  /** The NTA percentile to 7 decimals; null until `percentileFrom` candidates are ranked on the paper. */
  percentile: z.number().nullable(),
  /** Ranked candidates on the paper: those whose first attempt is submitted. */
  candidates: z.number().int(),
  /** How many ranked candidates a paper needs before its results show a percentile. */
  percentileFrom: z.number().int(),
  /** The score beside those of the paper's ranked candidates: the top one and the average (2 decimals); null for an unranked attempt and while the paper's contest runs. */
  comparison: z.object({ topper: z.number(), average: z.number() }).nullable(),
  /** The cut-off score the paper declares, if any. */
  cutOff: z.number().nullable(),
  /**
   * The paper's contest is still running, or its answer-key challenge window is open: the rank may
   * change until the contest ends, and the score until the window closes and the key is final.
   */
  provisional: z.boolean(),
  /** Per section; `reached` is false for a locked section whose time had not come when the attempt was submitted. */
  sections: z.array(
    z.object({
      sectionId: z.string(),
      title: z.string(),
      reached: z.boolean(),
      ...figures,
      /** The section's score beside the ranked candidates' top and average section scores (2 decimals); null as `comparison` is. */
      comparison: z.object({ topper: z.number(), average: z.number() }).nullable(),
      /** The section's declared cut-off, if any. */
      cutOff: z.number().nullable(),
    }),
  ),
  /** The sections and questions the candidate never reached (an early submission in a paper with locked sections). */
  notReached: z.object({ sections: z.number().int(), questions: z.number().int() }),
  /** Strengths and weaknesses: by category and by learning topic, over the questions the candidate reached. */
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
  /** The language of the stem, options and explanation. */
  language: questionLanguageSchema,
  stemHtml: z.string(),
  options: z.array(attemptOptionSchema.extend({ correct: z.boolean() })),
  /** The question in its other language, options by the same ids (the key is `options`'), with its explanation there. */
  translation: attemptTranslationSchema.extend({ explanationHtml: z.string().nullable() }).nullable(),
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
  /** The average time of the first attempts that got the question right, in seconds; null before anyone has. */
  averageCorrectSeconds: z.number().nullable(),
  bookmarked: z.boolean(),
  /** The version of the question this attempt was given. */
  version: z.number().int(),
  /** The answer-key decision this question was re-marked by, when there is one. */
  keyDecision: z.object({ action: z.enum(KEY_DECISION_ACTIONS), note: z.string(), decidedAt: z.string() }).nullable(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;
export const reviewResponseSchema = z.object({ data: z.object({ questions: z.array(reviewQuestionSchema) }), serverTime: z.string().optional() });

export const myAttemptSchema = z.object({
  id: z.string(),
  behaviour: z.enum(ATTEMPT_BEHAVIOURS),
  test: attemptTestSchema.nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  attemptNumber: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  /** A submitted first attempt: ranked among the paper's candidates. */
  ranked: z.boolean(),
  /** As in the result: null until the paper has `percentileFrom` ranked candidates. */
  percentile: z.number().nullable(),
});
export const myAttemptsResponseSchema = z.object({ data: z.array(myAttemptSchema), serverTime: z.string().optional() });
export type MyAttempt = z.infer<typeof myAttemptSchema>;
