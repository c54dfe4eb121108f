import { z } from 'zod';
import { safeText } from './text.js';

/**
 * Contests: scheduled timed papers with limited seats, free or paid entry, prizes, a live leaderboard
 * and a rating (docs/PRODUCT.md §5.1, §6.1, §8.8). Money is integer paise, except `firstPrize`,
 * which is whole rupees as the specification shows it.
 */
export const CONTEST_LIMITS = {
  titleMax: 120,
  slugMax: 120,
  descriptionMax: 2_000,
  seatsMax: 100_000,
  /** ₹1,00,000 in paise. */
  priceMax: 10_000_000,
  prizesMax: 20,
  prizeTextMax: 200,
  /** ₹1,00,00,000 in paise. */
  prizeAmountMax: 1_000_000_000,
  durationMinutesMin: 1,
  durationMinutesMax: 600,
  freezeMinutesMax: 120,
  /** A paid entry holds its seat this long while payment is pending. */
  holdMinutes: 15,
  /** Display names shown with a contest's participant count. */
  participantNamesShown: 5,
  leaderboardPageMax: 100,
  /** A new candidate's contest rating. */
  initialRating: 1500,
} as const;

export const CONTEST_LEVELS = ['Advanced', 'Intermediate', 'Beginner'] as const;
export type ContestLevel = (typeof CONTEST_LEVELS)[number];

/** Icons the web client draws; an icon is one of these keys. */
export const CONTEST_ICONS = ['ai', 'marketing', 'code', 'design', 'maths', 'science', 'language', 'general'] as const;
export type ContestIcon = (typeof CONTEST_ICONS)[number];

/**
 * Where a contest stands: `draft` (editors only), `upcoming` (registration open until it starts),
 * `running`, `ended` (time is up, results being computed), `final` (ranks, prizes and ratings set)
 * or `cancelled`.
 */
export const CONTEST_STATUSES = ['draft', 'upcoming', 'running', 'ended', 'final', 'cancelled'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export const PRIZE_KINDS = ['cash', 'voucher', 'certificate', 'scholarship'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** Ranks `fromRank` to `toRank` (inclusive) each win this prize; `amount` (paise) for cash and vouchers. */
export const prizeSchema = z.object({
  fromRank: z.number().int(),
  toRank: z.number().int(),
  kind: z.enum(PRIZE_KINDS),
  amount: z.number().int().nullable(),
  description: z.string(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const prizeInputSchema = z
  .strictObject({
    fromRank: z.number({ error: 'From rank must be a number' }).int({ error: 'From rank must be a whole number' }).min(1, { error: 'Ranks start at 1' }).max(CONTEST_LIMITS.seatsMax),
    toRank: z.number({ error: 'To rank must be a number' }).int({ error: 'To rank must be a whole number' }).min(1, { error: 'Ranks start at 1' }).max(CONTEST_LIMITS.seatsMax),
    kind: z.enum(PRIZE_KINDS, { error: 'A prize is cash, a voucher, a certificate or a scholarship' }),
    amount: z
      .number({ error: 'Amount must be a number' })
      .int({ error: 'Amount is in whole paise' })
      .min(1, { error: 'Amount must be positive' })
      .max(CONTEST_LIMITS.prizeAmountMax, { error: 'Amount is too large' })
      .nullable()
      .default(null),
    description: safeText('Prize description').max(CONTEST_LIMITS.prizeTextMax, { error: `Prize description must be at most ${CONTEST_LIMITS.prizeTextMax} characters` }).default(''),
  })
  .refine((p) => p.toRank >= p.fromRank, { error: 'To rank cannot be before from rank', path: ['toRank'] })
  .refine((p) => p.kind !== 'cash' || p.amount !== null, { error: 'A cash prize needs an amount', path: ['amount'] });
export type PrizeInput = z.input<typeof prizeInputSchema>;

/** The participants: how many, and a few display names. */
export const contestUsersSchema = z.object({ count: z.number().int(), names: z.array(z.string()) });

/** The caller's entry, when they have one: a paid entry is `pending` until the payment is confirmed. */
export const contestEntrySchema = z.object({
  status: z.enum(['pending', 'confirmed']),
  /** Pending entries: when the held seat is given back if payment has not arrived. */
  holdExpiresAt: z.string().nullable(),
  /** The caller's attempt, once started. */
  attemptId: z.string().nullable(),
  /** After the results are final. */
  rank: z.number().int().nullable(),
  /** After the results are final: how many were ranked, the candidates who started the paper (entrants who never started are not counted). */
  rankOf: z.number().int().nullable(),
  prize: prizeSchema.nullable(),
  ratingBefore: z.number().int().nullable(),
  ratingAfter: z.number().int().nullable(),
  /**
   * The caller's compensatory time (docs/PRODUCT.md §8.11), null without it: the extra minutes per
   * hour (their attempt's own once started), and the latest moment their attempt may run to, beyond
   * the contest's end by their share of its writing time (their attempt's end once started).
   */
  compensatoryTime: z.object({ extraMinutesPerHour: z.number().int(), writeUntil: z.string() }).nullable(),
});
export type ContestEntry = z.infer<typeof contestEntrySchema>;

export const contestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  icon: z.enum(CONTEST_ICONS),
  level: z.enum(CONTEST_LEVELS),
  /** Display text: `₹999` or `Free`. */
  price: z.string(),
  /** Paise; 0 for a free contest. */
  priceAmount: z.number().int(),
  currency: z.string(),
  isFree: z.boolean(),
  totalSeats: z.number().int(),
  /** Seats taken, counting seats held for pending payments. */
  filledSeats: z.number().int(),
  users: contestUsersSchema,
  /** Whole rupees; 0 when the first prize is not cash. */
  firstPrize: z.number().int(),
  prizes: z.array(prizeSchema),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  /** The public board stops changing this many minutes before the end; null for never. */
  freezeMinutes: z.number().int().nullable(),
  status: z.enum(CONTEST_STATUSES),
  /**
   * When the answer-key challenge window that opens at the end closes: until then the results are
   * provisional, and the contest is made final after. Null for a draft or cancelled contest.
   */
  challengesCloseAt: z.string().nullable(),
  testId: z.string(),
  /** Whether the caller may join now, and if not, why (full, started, paid entry off, cancelled…). */
  registration: z.object({ open: z.boolean(), reason: z.string().nullable() }),
  /** Set only when the caller joined (entry confirmed). */
  joinedAt: z.string().optional(),
  /** The caller's entry, when signed in and entered. */
  entry: contestEntrySchema.nullable(),
});
export type Contest = z.infer<typeof contestSchema>;

export const contestListSchema = z.object({ upcoming: z.array(contestSchema), live: z.array(contestSchema), past: z.array(contestSchema) });
export type ContestList = z.infer<typeof contestListSchema>;
export const contestListResponseSchema = contestListSchema;
export const contestResponseSchema = z.object({ data: contestSchema });

// ---------------------------------------------------------------------------------------------
// Editors

const contestSlug = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .max(CONTEST_LIMITS.slugMax, { error: `Slug must be at most ${CONTEST_LIMITS.slugMax} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Slug may contain only lower-case letters, digits and single hyphens' })
  .refine((v) => v !== 'rating', { error: 'The slug "rating" names the contest rating page: choose another' });

export const contestInputSchema = z.strictObject({
  title: safeText('Title').min(1, { error: 'Title is required' }).max(CONTEST_LIMITS.titleMax, { error: `Title must be at most ${CONTEST_LIMITS.titleMax} characters` }),
  slug: contestSlug.optional(),
  icon: z.enum(CONTEST_ICONS, { error: `Icon is one of ${CONTEST_ICONS.join(', ')}` }),
  level: z.enum(CONTEST_LEVELS, { error: 'Level is Advanced, Intermediate or Beginner' }),
  description: safeText('Description').max(CONTEST_LIMITS.descriptionMax, { error: `Description must be at most ${CONTEST_LIMITS.descriptionMax} characters` }).default(''),
  testId: z.string({ error: 'Choose the test the contest runs' }).min(1, { error: 'Choose the test the contest runs' }).max(64),
  startsAt: z.iso.datetime({ offset: true, error: 'Start must be a date and time, such as 2026-12-01T10:00:00+05:30' }),
  durationMinutes: z
    .number({ error: 'Duration must be a number' })
    .int({ error: 'Duration is in whole minutes' })
    .min(CONTEST_LIMITS.durationMinutesMin, { error: `Duration must be at least ${CONTEST_LIMITS.durationMinutesMin} minutes` })
    .max(CONTEST_LIMITS.durationMinutesMax, { error: `Duration must be at most ${CONTEST_LIMITS.durationMinutesMax} minutes` }),
  totalSeats: z
    .number({ error: 'Seats must be a number' })
    .int({ error: 'Seats must be a whole number' })
    .min(1, { error: 'A contest needs at least one seat' })
    .max(CONTEST_LIMITS.seatsMax, { error: `Seats must be at most ${CONTEST_LIMITS.seatsMax}` }),
  priceAmount: z
    .number({ error: 'Price must be a number' })
    .int({ error: 'Price is in whole paise' })
    .min(0, { error: 'Price cannot be negative' })
    .max(CONTEST_LIMITS.priceMax, { error: 'Price is too large' }),
  prizes: z.array(prizeInputSchema).max(CONTEST_LIMITS.prizesMax, { error: `At most ${CONTEST_LIMITS.prizesMax} prize lines` }).default([]),
  freezeMinutes: z
    .number({ error: 'Freeze must be a number' })
    .int()
    .min(1, { error: 'Freeze must be at least 1 minute, or empty for none' })
    .max(CONTEST_LIMITS.freezeMinutesMax, { error: `Freeze must be at most ${CONTEST_LIMITS.freezeMinutesMax} minutes` })
    .nullable()
    .default(null),
  published: z.boolean().default(false),
});
export type ContestInput = z.input<typeof contestInputSchema>;
export type ContestInputParsed = z.output<typeof contestInputSchema>;

export const adminContestSchema = contestSchema.extend({
  published: z.boolean(),
  cancelledAt: z.string().nullable(),
  testTitle: z.string(),
  entries: z.object({ confirmed: z.number().int(), pending: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;
export const adminContestResponseSchema = z.object({ data: adminContestSchema });
export const adminContestListQuerySchema = z.strictObject({
  q: safeText('Search').max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminContestPageSchema = z.object({ data: z.array(adminContestSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminContestPage = z.infer<typeof adminContestPageSchema>;
/** GET /api/admin/contests/paper: what candidates have already seen of a test an editor may make a contest's paper. */
export const contestPaperQuerySchema = z.strictObject({
  testId: safeText('Test id', 'Choose the test the contest runs').min(1, { error: 'Choose the test the contest runs' }).max(64, { error: 'Test id is too long' }),
});
export const contestPaperSchema = z.object({
  testId: z.string(),
  /** Whether anyone has attempted the test itself: such a test cannot become a contest's paper. */
  attempted: z.boolean(),
  /** The test's fixed questions (questions drawn by blueprint rules are not counted). */
  questions: z.number().int(),
  /** Of those, how many candidates have met in practice sessions or in other tests' attempts. */
  seenElsewhere: z.number().int(),
});
export type ContestPaper = z.infer<typeof contestPaperSchema>;
export const contestPaperResponseSchema = z.object({ data: contestPaperSchema });
export const contestCancelSchema = z.strictObject({
  reason: safeText('Reason').min(1, { error: 'Say why the contest is cancelled: candidates are told' }).max(500),
});
