import { describe, expect, it } from 'vitest';
import { contestRatingChanges, sharedRanks, winProbability, type RatedCandidate } from './rating.js';

const field = (ratings: (number | null)[]): RatedCandidate[] => ratings.map((rating, i) => ({ id: `c${i}`, rating, place: i + 1 }));
const sumOf = (changes: { delta: number }[]) => changes.reduce((s, c) => s + c.delta, 0);

// A small pseudo-random sequence, so that a failure can be reproduced.
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

describe('the Elo win probability', () => {
  it('is one half between equals and follows the 400-point scale', () => {
    expect(winProbability(1500, 1500)).toBe(0.5);
    expect(winProbability(1900, 1500)).toBeCloseTo(10 / 11, 10);
    expect(winProbability(1500, 1900) + winProbability(1900, 1500)).toBeCloseTo(1, 12);
  });
});

describe('shared ranks', () => {
  it('gives tied candidates the worse of their places, as Codeforces ranks ties', () => {
    expect(sharedRanks([1, 2, 2, 4])).toEqual([1, 3, 3, 4]);
    expect(sharedRanks([5, 5])).toEqual([2, 2]);
    expect(sharedRanks([3, 1, 2])).toEqual([3, 1, 2]);
  });
});

describe('contest rating changes', () => {
  it('moves two equal newcomers symmetrically, the winner up and the loser down', () => {
    const [winner, loser] = contestRatingChanges(field([null, null]));
    expect(winner!.ratingBefore).toBe(1500);
    // seed 1.5 each; the winner's target place √1.5, the loser's √3, then the sum correction.
    expect(winner!.performance).toBe(1715);
    expect(loser!.performance).toBe(1325);
    expect(winner!.delta).toBeGreaterThan(0);
    expect(loser!.delta).toBeLessThan(0);
    expect(Math.abs(winner!.delta + loser!.delta)).toBeLessThanOrEqual(2);
    expect(winner!.ratingAfter).toBe(1500 + winner!.delta);
  });

  it('treats a tie between equals alike, and changes them by almost nothing', () => {
    const changes = contestRatingChanges([
      { id: 'a', rating: 1600, place: 1 },
      { id: 'b', rating: 1600, place: 1 },
    ]);
    expect(changes[0]!.delta).toBe(changes[1]!.delta);
    expect(changes[0]!.rank).toBe(2);
    expect(Math.abs(changes[0]!.delta)).toBeLessThanOrEqual(1);
  });

  it('gains the winner and costs the last, among mixed ratings, with a sum near zero and never positive', () => {
    const changes = contestRatingChanges(field([1400, 1800, 1500, 2100, 1200, null, 1650, 1500]));
    expect(changes[0]!.delta).toBeGreaterThan(0);
    expect(changes.at(-1)!.delta).toBeLessThan(0);
    const sum = sumOf(changes);
    expect(sum).toBeLessThanOrEqual(0);
    expect(sum).toBeGreaterThanOrEqual(-12 * changes.length);
    // Beating the 2100 from 1400 is worth more than the 2100 winning would have been.
    const upset = contestRatingChanges(field([1400, 2100]));
    const expected = contestRatingChanges(field([2100, 1400]));
    expect(upset[0]!.delta).toBeGreaterThan(expected[0]!.delta);
    expect(upset[1]!.delta).toBeLessThan(expected[1]!.delta);
  });

  it('orders the changes by the places taken among equals (a newcomer-only contest)', () => {
    const changes = contestRatingChanges(field(Array.from({ length: 40 }, () => null)));
    for (let i = 1; i < changes.length; i += 1) expect(changes[i]!.delta).toBeLessThanOrEqual(changes[i - 1]!.delta);
    expect(changes[0]!.delta).toBeGreaterThan(0);
    expect(changes.at(-1)!.delta).toBeLessThan(0);
    // The same places among the same ratings give the same changes, whoever holds them.
    const reversed = contestRatingChanges(field(Array.from({ length: 40 }, () => null)).map((c, i) => ({ ...c, id: `r${i}`, place: 40 - i })));
    expect(reversed.map((c) => c.delta).reverse()).toEqual(changes.map((c) => c.delta));
    const sum = sumOf(changes);
    expect(sum).toBeLessThanOrEqual(0);
    // Each change is lowered by at most 2 (the sum made not positive) and 10 (the top correction).
    expect(sum).toBeGreaterThanOrEqual(-12 * changes.length);
  });

  it('leaves a candidate alone in a contest where they were', () => {
    expect(contestRatingChanges([{ id: 'solo', rating: 1720, place: 1 }])).toEqual([
      { id: 'solo', ratingBefore: 1720, ratingAfter: 1720, delta: 0, performance: 1720, rank: 1 },
    ]);
    expect(contestRatingChanges([])).toEqual([]);
  });

  it('rates 10,000 candidates of mixed ratings in bounded time, with sensible results', () => {
    const next = random(20_762);
    const candidates: RatedCandidate[] = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, rating: next() < 0.3 ? null : Math.round(800 + next() * 2_400), place: 0 }));
    // Places mostly follow the ratings, with noise.
    const strength = candidates.map((c) => (c.rating ?? 1500) + (next() - 0.5) * 800);
    const order = strength.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s);
    order.forEach(({ i }, place) => void (candidates[i]!.place = place + 1));

    const started = performance.now();
    const changes = contestRatingChanges(candidates);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(5_000);
    expect(changes).toHaveLength(10_000);
    const sum = sumOf(changes);
    expect(sum).toBeLessThanOrEqual(0);
    expect(sum).toBeGreaterThanOrEqual(-12 * changes.length);
    for (const c of changes) {
      expect(Number.isInteger(c.ratingAfter)).toBe(true);
      expect(Math.abs(c.delta)).toBeLessThan(1_000);
    }
    const first = changes[order[0]!.i]!;
    const last = changes[order.at(-1)!.i]!;
    expect(first.delta).toBeGreaterThan(0);
    expect(last.delta).toBeLessThan(0);
  });
});
