import { z } from 'zod';

// Item analysis for editors: how a test's questions performed over the submitted first attempts.

const itemStatsOptionSchema = z.object({
  /** The option's place in the bank (0-based): shuffles do not move it. */
  position: z.number().int(),
  label: z.string(),
  correct: z.boolean(),
  count: z.number().int(),
  share: z.number().nullable(),
  upperGroupCount: z.number().int(),
  /** How many of the lower group (the bottom third by total, as the upper group is the top) chose it. */
  lowerGroupCount: z.number().int(),
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
  lowerGroupSize: z.number().int(),
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
