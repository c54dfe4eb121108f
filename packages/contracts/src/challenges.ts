import { z } from 'zod';
import { optionIdSchema } from './attempts.js';
import { id } from './exam-fields.js';
import { safeText } from './text.js';

/**
 * Answer-key challenges, problem reports and key decisions (docs/PRODUCT.md §8.10). A candidate
 * challenges a question of a submitted attempt inside its challenge window; anyone signed in reports
 * a problem with a question from practice or a review; editors decide from one queue, and a decision
 * re-marks every attempt it covers.
 */
export const CHALLENGE_REASONS = ['wrong_key', 'multiple_correct', 'no_correct', 'error_in_question'] as const;
export type ChallengeReason = (typeof CHALLENGE_REASONS)[number];
export const REPORT_REASONS = [...CHALLENGE_REASONS, 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** keep the key; change it; accept more than one option; drop the question (full marks to every candidate); bonus (full marks to those who answered it). */
export const KEY_DECISION_ACTIONS = ['keep', 'change', 'accept', 'drop', 'bonus'] as const;
export type KeyDecisionAction = (typeof KEY_DECISION_ACTIONS)[number];
/** How a challenge or report ended. */
export const FLAG_RESOLUTIONS = ['kept', 'changed', 'accepted', 'dropped', 'bonus', 'fixed', 'dismissed'] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];

export const CHALLENGE_LIMITS = { commentMax: 1000, noteMax: 1000 } as const;

const comment = safeText('Comment')
  .trim()
  .max(CHALLENGE_LIMITS.commentMax, { error: `Comment must be at most ${CHALLENGE_LIMITS.commentMax} characters` })
  .optional();

/** POST /api/attempts/:id/challenges */
export const challengeInputSchema = z.strictObject({
  questionId: id('A question id'),
  reason: z.enum(CHALLENGE_REASONS, { error: 'Reason must be wrong_key, multiple_correct, no_correct or error_in_question' }),
  comment,
});
export type ChallengeInput = z.input<typeof challengeInputSchema>;

/** POST /api/questions/:id/reports: from practice feedback or a review (the attempt it was seen in, when there is one). */
export const reportInputSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: 'Reason must be wrong_key, multiple_correct, no_correct, error_in_question or other' }),
  comment,
  attemptId: id('An attempt id').optional(),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** A key decision as candidates and editors read it. */
export const keyDecisionSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  version: z.number().int(),
  /** Null: every test (and practice) that used this version. */
  testId: z.string().nullable(),
  action: z.enum(KEY_DECISION_ACTIONS),
  /** The options right by the decision, in bank order (A = the first option as the editor wrote it); null for keep, drop and bonus. */
  correctOptionIds: z.array(optionIdSchema).nullable(),
  note: z.string(),
  decidedAt: z.string(),
});
export type KeyDecision = z.infer<typeof keyDecisionSchema>;

/** The challenge window of one attempt: open now or not, and until when. */
export const challengeWindowSchema = z.object({
  open: z.boolean(),
  /** Null for a mock test that is always open to challenges after submission, or when challenges never open. */
  closesAt: z.string().nullable(),
  /** Why challenges are not open, in words, when they are not. */
  reason: z.string().nullable(),
});
export type ChallengeWindow = z.infer<typeof challengeWindowSchema>;

/** A challenge or report as its author reads it. */
export const myFlagSchema = z.object({
  id: z.string(),
  kind: z.enum(['challenge', 'report']),
  questionId: z.string(),
  version: z.number().int(),
  /** The first words of the question as the author saw it. */
  excerpt: z.string(),
  test: z.object({ id: z.string(), title: z.string() }).nullable(),
  attemptId: z.string().nullable(),
  /** The question's number in that attempt, when there is one. */
  questionNumber: z.number().int().nullable(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(FLAG_RESOLUTIONS).nullable(),
  /** The editor's reply. */
  reply: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type MyFlag = z.infer<typeof myFlagSchema>;
export const myFlagListSchema = z.object({ data: z.array(myFlagSchema) });
export const myFlagResponseSchema = z.object({ data: myFlagSchema });

/** GET /api/attempts/:id/challenges: the attempt's window and the candidate's challenges on it. */
export const attemptChallengesSchema = z.object({ data: z.object({ window: challengeWindowSchema, challenges: z.array(myFlagSchema) }) });

export const challengeQueueQuerySchema = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'Status must be open or resolved' }).default('open'),
  testId: id('A test id').optional(),
});

/** One question (at one version, in one test or none) in the editors' queue. */
export const challengeQueueItemSchema = z.object({
  questionId: z.string(),
  version: z.number().int(),
  excerpt: z.string(),
  stemHtml: z.string(),
  test: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The options as that version has them, with the key in force (a decision applied). */
  options: z.array(z.object({ id: optionIdSchema, html: z.string(), correct: z.boolean() })),
  counts: z.record(z.enum(REPORT_REASONS), z.number().int()),
  total: z.number().int(),
  comments: z.array(z.object({ kind: z.enum(['challenge', 'report']), reason: z.enum(REPORT_REASONS), comment: z.string(), createdAt: z.string() })),
  /** The test's item analysis of the question, when it has enough attempts. */
  itemStats: z
    .object({
      facility: z.number().nullable(),
      discrimination: z.number().nullable(),
      likelyWrongKey: z.boolean(),
      /** Per option in bank order: the share of the top and bottom thirds that chose it, 0–1. */
      topThird: z.array(z.number()),
      bottomThird: z.array(z.number()),
    })
    .nullable(),
  /** In the queue because the statistics flag a likely wrong key, challenged or not. */
  flaggedByStatistics: z.boolean(),
  decision: keyDecisionSchema.nullable(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
});
export type ChallengeQueueItem = z.infer<typeof challengeQueueItemSchema>;
export const challengeQueueSchema = z.object({ data: z.array(challengeQueueItemSchema) });

/** POST /api/admin/questions/:id/key-decisions */
export const keyDecisionInputSchema = z
  .strictObject({
    /** The version decided on; the question's current one when left out. */
    version: z.number({ error: 'Version must be a number' }).int().min(1).optional(),
    /** One test; left out, every test (and practice session) that used the version. */
    testId: id('A test id').optional(),
    action: z.enum(KEY_DECISION_ACTIONS, { error: 'Action must be keep, change, accept, drop or bonus' }),
    correctOptionIds: z
      .array(optionIdSchema)
      .min(1, { error: 'Choose the right options' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An option is chosen twice' })
      .optional(),
    note: safeText('Note').trim().min(1, { error: 'Write a note: candidates read it' }).max(CHALLENGE_LIMITS.noteMax, { error: `Note must be at most ${CHALLENGE_LIMITS.noteMax} characters` }),
  })
  .superRefine((d, ctx) => {
    const needsKey = d.action === 'change' || d.action === 'accept';
    if (needsKey && !d.correctOptionIds) ctx.addIssue({ code: 'custom', path: ['correctOptionIds'], message: 'Choose the right options' });
    if (!needsKey && d.correctOptionIds) ctx.addIssue({ code: 'custom', path: ['correctOptionIds'], message: 'Only a change or an accept names options' });
    if (d.action === 'accept' && d.correctOptionIds && d.correctOptionIds.length < 2) ctx.addIssue({ code: 'custom', path: ['correctOptionIds'], message: 'Accept names at least two options' });
  });
export type KeyDecisionInput = z.input<typeof keyDecisionInputSchema>;

export const keyDecisionResultSchema = z.object({
  data: z.object({
    decision: keyDecisionSchema,
    /** Submitted attempts re-marked by the decision. */
    remarked: z.number().int(),
    /** Of those, the ones whose score changed (their candidates are told). */
    changed: z.number().int(),
  }),
});

/** POST /api/admin/challenges/resolve: closes reports without a key decision (the question was fixed by an edit, or nothing was wrong). */
export const flagResolveInputSchema = z.strictObject({
  questionId: id('A question id'),
  resolution: z.enum(['fixed', 'dismissed'], { error: 'Resolution must be fixed or dismissed' }),
  reply: safeText('Reply').trim().min(1, { error: 'Write a reply: the reporters read it' }).max(CHALLENGE_LIMITS.noteMax),
});
export const flagResolveResultSchema = z.object({ data: z.object({ resolved: z.number().int() }) });
