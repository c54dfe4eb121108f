import { CONTEST_LIMITS } from '@abhyas/contracts';

/**
 * The contest rating as Codeforces computes it (codeforces.com/blog/entry/20762, "Open Codeforces
 * Rating System"):
 * - P(j beats i) = 1 / (1 + 10^((r_i − r_j) / 400)), the Elo win probability;
 * - seed_i = 1 + Σ_{j≠i} P(j beats i), the place i was expected to take;
 * - m_i = √(seed_i · rank_i), the geometric mean of the expected and the actual place;
 * - the performance R_i is the rating whose seed (against the same field) would be m_i, found by
 *   binary search; the rating moves halfway towards it: delta_i = (R_i − r_i) / 2;
 * - then two corrections: every delta is lowered so that the sum is not positive (ratings do not
 *   inflate), and the deltas of the top 4·√n by rating are lowered by up to 10 so that their sum
 *   is about zero (strong candidates do not inflate either).
 * Tied candidates share the worse of their places, as Codeforces ranks ties.
 *
 * The seed of a rating against the field is computed over the distinct ratings (with their counts)
 * and kept for every rating asked for, so n candidates cost about n·log(range) look-ups and at most
 * one pass over the distinct ratings per rating ever asked for, not n² probabilities per step.
 */

export type RatedCandidate = {
  id: string;
  /** The candidate's rating before the contest; null for a first contest. */
  rating: number | null;
  /** Where the candidate finished: lower is better; equal places are a tie. */
  place: number;
};

export type RatingChange = {
  id: string;
  ratingBefore: number;
  ratingAfter: number;
  delta: number;
  /** The rating that explains the place taken. */
  performance: number;
  /** The place as rated: tied candidates share the worse one. */
  rank: number;
};

/** Performances are searched within these bounds (integers, as Codeforces does). */
const SEARCH_LOW = 1;
const SEARCH_HIGH = 8_000;
/** The top 4·√n candidates by rating have their sum of deltas brought to about zero, by at most this much each. */
const TOP_CORRECTION_MAX = 10;

/** The probability that a candidate rated `a` beats one rated `b`. */
export const winProbability = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));

/** The rating changes of one contest's rated candidates, in the order given. */
export function contestRatingChanges(candidates: readonly RatedCandidate[]): RatingChange[] {
  const n = candidates.length;
  if (n === 0) return [];
  const ratings = candidates.map((c) => c.rating ?? CONTEST_LIMITS.initialRating);
  const ranks = sharedRanks(candidates.map((c) => c.place));
  // Alone in a contest, a place tells nothing about strength.
  if (n === 1) return [{ id: candidates[0]!.id, ratingBefore: ratings[0]!, ratingAfter: ratings[0]!, delta: 0, performance: ratings[0]!, rank: 1 }];

  const field = fieldSeed(ratings);
  const performance = new Array<number>(n);
  const delta = new Array<number>(n);
  for (let i = 0; i < n; i += 1) {
    const r = ratings[i]!;
    // Against everyone else: the field minus the candidate themself.
    const seedAgainstOthers = (x: number) => field(x) - winProbability(r, x);
    const seed = seedAgainstOthers(r);
    const mid = Math.sqrt(seed * ranks[i]!);
    // The seed falls as the rating rises: the highest rating whose seed is still at least `mid`.
    let low = SEARCH_LOW;
    let high = SEARCH_HIGH;
    while (high - low > 1) {
      const probe = Math.floor((low + high) / 2);
      if (seedAgainstOthers(probe) < mid) high = probe;
      else low = probe;
    }
    performance[i] = low;
    delta[i] = Math.trunc((low - r) / 2);
  }

  // The sum of the changes is made not positive: a little below zero, as Codeforces does.
  const sum = delta.reduce((s, d) => s + d, 0);
  const lift = Math.trunc(-sum / n) - 1;
  for (let i = 0; i < n; i += 1) delta[i]! += lift;

  // The strongest 4·√n by rating (equal ratings: the better place first, as Codeforces sorts the
  // ranked table by rating, stably): their sum brought towards zero, lowering each by at most 10.
  const topCount = Math.min(n, 4 * Math.round(Math.sqrt(n)));
  const byRating = ratings.map((r, i) => ({ r, i })).sort((a, b) => b.r - a.r || ranks[a.i]! - ranks[b.i]! || a.i - b.i);
  const topSum = byRating.slice(0, topCount).reduce((s, { i }) => s + delta[i]!, 0);
  const topLift = Math.min(Math.max(Math.trunc(-topSum / topCount), -TOP_CORRECTION_MAX), 0);
  for (let i = 0; i < n; i += 1) delta[i]! += topLift;

  return candidates.map((c, i) => ({
    id: c.id,
    ratingBefore: ratings[i]!,
    ratingAfter: ratings[i]! + delta[i]!,
    delta: delta[i]!,
    performance: performance[i]!,
    rank: ranks[i]!,
  }));
}

/** 1-based ranks from places, tied candidates sharing the worse rank (two tied first are both 2nd). */
export function sharedRanks(places: readonly number[]): number[] {
  const order = places.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const ranks = new Array<number>(places.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.p === order[start]!.p) end += 1;
    for (let k = start; k <= end; k += 1) ranks[order[k]!.i] = end + 1;
    start = end + 1;
  }
  return ranks;
}

/**
 * 1 + Σ over the whole field of P(j beats x): the expected place of a newcomer rated x. Computed over
 * the distinct ratings and kept per x, since every candidate's search asks for mostly the same x.
 */
function fieldSeed(ratings: readonly number[]): (x: number) => number {
  const counts = new Map<number, number>();
  for (const r of ratings) counts.set(r, (counts.get(r) ?? 0) + 1);
  const distinct = [...counts.entries()];
  const kept = new Map<number, number>();
  return (x) => {
    let seed = kept.get(x);
    if (seed === undefined) {
      seed = 1;
      for (const [r, count] of distinct) seed += count * winProbability(r, x);
      kept.set(x, seed);
    }
    return seed;
  };
}
