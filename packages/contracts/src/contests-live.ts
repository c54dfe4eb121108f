import { z } from 'zod';
import { CONTEST_LIMITS, CONTEST_STATUSES, prizeSchema } from './contests.js';

// A contest's live leaderboard and the candidates' contest rating (docs/PRODUCT.md §8.8).

export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  /** Null until the attempt is submitted: scores are revealed at submission, never answer by answer. */
  score: z.number().nullable(),
  maxScore: z.number(),
  /** Answers saved so far (while playing) or at submission. */
  answered: z.number().int(),
  /** From the start of the attempt to its submission. */
  timeTakenMs: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
  state: z.enum(['notStarted', 'playing', 'submitted']),
  isMe: z.boolean(),
  /** Final results only. */
  prize: prizeSchema.nullable(),
  ratingBefore: z.number().int().nullable(),
  ratingAfter: z.number().int().nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardSchema = z.object({
  contestId: z.string(),
  status: z.enum(CONTEST_STATUSES),
  /** True while the public board is frozen; the caller's own row stays current. */
  frozen: z.boolean(),
  frozenAt: z.string().nullable(),
  /** Participants on the board. */
  total: z.number().int(),
  offset: z.number().int(),
  rows: z.array(leaderboardRowSchema),
  /** The caller's row, wherever it stands; null when the caller is not a participant. */
  me: leaderboardRowSchema.nullable(),
  /** The tie-break rule, in words, shown on the board. */
  rule: z.string(),
  updatedAt: z.string(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const leaderboardResponseSchema = z.object({ data: leaderboardSchema });
export const leaderboardQuerySchema = z.strictObject({
  offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0, { error: 'Offset cannot be negative' }).max(CONTEST_LIMITS.seatsMax).default(0),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(CONTEST_LIMITS.leaderboardPageMax, { error: `Limit must be at most ${CONTEST_LIMITS.leaderboardPageMax}` }).default(50),
});

export const ratingHistoryItemSchema = z.object({
  contestId: z.string(),
  slug: z.string(),
  title: z.string(),
  endsAt: z.string(),
  rank: z.number().int(),
  participants: z.number().int(),
  ratingBefore: z.number().int(),
  ratingAfter: z.number().int(),
  performance: z.number().int(),
});
export type RatingHistoryItem = z.infer<typeof ratingHistoryItemSchema>;
export const ratingSchema = z.object({
  /** Null until the candidate's first rated contest. */
  rating: z.number().int().nullable(),
  contests: z.number().int(),
  history: z.array(ratingHistoryItemSchema),
});
export type Rating = z.infer<typeof ratingSchema>;
export const ratingResponseSchema = z.object({ data: ratingSchema });
