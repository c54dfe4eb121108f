import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attemptsOf, byId, numbersIn, ok, question } from '../../../test/item-stats-factories.js';
import { computeItemStats, computeItemStatsInSlices, ITEM_STATS_MIN_ATTEMPTS, type ItemStatsAttempt } from './item-stats.js';

describe('computeItemStats edge cases', () => {
  it('every candidate identical: zero variance gives nulls, never NaN or a division by zero', () => {
    const questions = [question('q1', 0), question('q2', 0)];
    const attempts = attemptsOf(questions, [{ q1: 0, q2: 1 }], 25);
    const result = ok(computeItemStats({ questions, attempts }));
    for (const q of result.questions) {
      expect(q.standardDeviation).toBe(0);
      expect(q.discriminationIndex).toBeNull();
      expect(q.discriminativeEfficiency).toBeNull();
      expect(q.upperGroupSize).toBe(0);
      expect(q.flags).toEqual({ lowDiscriminativeEfficiency: false, negativeDiscrimination: false, likelyMiskey: false });
    }
    expect(byId(result, 'q1').facilityIndex).toBe(100);
    expect(byId(result, 'q2').facilityIndex).toBe(0);
    expect(result.test).toEqual({
      attempts: 25,
      mean: 3,
      median: 3,
      standardDeviation: 0,
      skewness: null,
      kurtosis: null,
      internalConsistency: null,
      errorRatio: null,
      standardError: null,
    });
    expect(numbersIn(result).every(Number.isFinite)).toBe(true);
  });

  it('a question nobody met, and one that gives no marks, have null figures', () => {
    const questions = [question('q1', 0), question('unseen', 0), question('free', 0)];
    const attempts = attemptsOf([question('q1', 0)], [{ q1: 0 }, { q1: 1 }], 10).map((attempt) => ({
      ...attempt,
      questions: [...attempt.questions, { questionId: 'free', mark: 0, maxMark: 0, chosenOptions: [0] }],
    }));
    const result = ok(computeItemStats({ questions, attempts }));
    const unseen = byId(result, 'unseen');
    expect(unseen.attempts).toBe(0);
    expect(unseen.meanMark).toBeNull();
    expect(unseen.facilityIndex).toBeNull();
    expect(unseen.standardDeviation).toBeNull();
    expect(unseen.options.every((option) => option.count === 0 && option.share === null)).toBe(true);
    expect(unseen.noAnswer).toEqual({ count: 0, share: null });
    const free = byId(result, 'free');
    expect(free.attempts).toBe(20);
    expect(free.facilityIndex).toBeNull();
    expect(free.standardDeviation).toBeNull();
    expect(free.discriminationIndex).toBeNull();
    expect(numbersIn(result).every(Number.isFinite)).toBe(true);
  });

  it('a mark unrelated to the rest of the test has discrimination 0, not a rounding error below it', () => {
    // Q1 gives 0.1 or 0.2, Q2 gives 0.1 or 0.2 (of 1), every combination 5 times: the covariance is 0
    // exactly, but summed in floating point it comes out about −2.6e-18.
    const pair = (x: number, y: number, id: string): ItemStatsAttempt => ({
      attemptId: id,
      totalMark: x + y,
      questions: [
        { questionId: 'q1', mark: x, maxMark: 1, chosenOptions: [0] },
        { questionId: 'q2', mark: y, maxMark: 1, chosenOptions: [0] },
      ],
    });
    const attempts = [
      [0.1, 0.1],
      [0.1, 0.2],
      [0.2, 0.1],
      [0.2, 0.2],
    ].flatMap(([x = 0, y = 0], p) => Array.from({ length: 5 }, (_, copy) => pair(x, y, `${p}-${copy}`)));
    const result = computeItemStats({ questions: [question('q1', 0), question('q2', 0)], attempts });
    for (const q of ok(result).questions) {
      expect(q.discriminationIndex).toBe(0);
      expect(q.discriminativeEfficiency).toBe(0);
      expect(q.flags.negativeDiscrimination).toBe(false);
      expect(q.flags.lowDiscriminativeEfficiency).toBe(true);
    }
  });

  it('questions that always agree: internal consistency 100, error ratio and standard error 0', () => {
    // Q1 and Q2 marked alike in every attempt: ΣV(x_i) = 2V, k2 = V(2x) = 4V, CIC = 100 · 2 · (1 − 1/2).
    // With marks 0.1, 0.2, 0.1 the floating-point sums put it at 100.00000000000009: it is shown as 100.
    const markOf = (i: number) => [0.1, 0.2, 0.1][i % 3] ?? 0;
    const attempts: ItemStatsAttempt[] = Array.from({ length: 21 }, (_, i) => ({
      attemptId: `${i}`,
      totalMark: markOf(i) + markOf(i),
      questions: ['q1', 'q2'].map((questionId) => ({ questionId, mark: markOf(i), maxMark: 4, chosenOptions: [] })),
    }));
    const { test } = ok(computeItemStats({ questions: [question('q1', 0), question('q2', 0)], attempts }));
    expect(test.internalConsistency).toBe(100);
    expect(test.errorRatio).toBe(0);
    expect(test.standardError).toBe(0);
  });

  it('a question listed twice in one attempt counts once, as first listed', () => {
    const questions = [question('q1', 0)];
    const attempts = attemptsOf(questions, [{ q1: 0 }, { q1: 1 }], 10).map((attempt) => ({
      ...attempt,
      questions: [...attempt.questions, { questionId: 'q1', mark: 4, maxMark: 4, minMark: -1, chosenOptions: [0] }],
    }));
    const q1 = byId(computeItemStats({ questions, attempts }), 'q1');
    expect(q1.attempts).toBe(20);
    expect(q1.options.map((option) => option.count)).toEqual([10, 10, 0, 0]);
    expect(q1.meanMark).toBeCloseTo(1.5, 12);
  });

  it('without negative marking the facility is the mean mark over the maximum, as Moodle computes it', () => {
    const questions = [question('q1', 0), question('q2', 0)];
    const attempts = attemptsOf(questions, [{ q1: 0, q2: 0 }, { q1: 0, q2: 1 }, { q1: 1, q2: 1 }, { q1: 2, q2: null }], 5).map(
      (attempt) => {
        const entries = attempt.questions.map((entry) => ({ ...entry, mark: Math.max(entry.mark, 0), minMark: 0 }));
        return { ...attempt, totalMark: entries.reduce((t, e) => t + e.mark, 0), questions: entries };
      },
    );
    // Q1 right in 10 of 20 attempts: mean 2, facility 2 / 4 = 50 %. Q2 right in 5: mean 1, 25 %.
    const result = computeItemStats({ questions, attempts });
    expect(byId(result, 'q1').facilityIndex).toBeCloseTo(50, 12);
    expect(byId(result, 'q2').facilityIndex).toBeCloseTo(25, 12);
    // Totals 8, 4, 0, 0 (×5); sorted, the 10th is 0 and the 11th 4: the median is their mean, 2.
    expect(ok(result).test.median).toBe(2);
  });
});

describe('computeItemStats on generated tests', () => {
  const generatedTest = fc
    .record({
      keys: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }),
      candidates: fc.integer({ min: 20, max: 45 }),
      seedAnswers: fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), { minLength: 225, maxLength: 225 }),
    })
    .map(({ keys, candidates, seedAnswers }) => {
      const questions = keys.map((key, i) => question(`q${i}`, key));
      const patterns = Array.from({ length: candidates }, (_, c) =>
        Object.fromEntries(questions.map((q, i) => [q.questionId, seedAnswers[(c * 5 + i) % seedAnswers.length] ?? null])),
      );
      return { questions, attempts: attemptsOf(questions, patterns) };
    });

  it('keeps facility within 0–100, the indices within ±100, and never returns NaN or Infinity', () => {
    fc.assert(
      fc.property(generatedTest, (input) => {
        const result = ok(computeItemStats(input));
        for (const q of result.questions) {
          expect(q.facilityIndex).not.toBeNull();
          expect(q.facilityIndex).toBeGreaterThanOrEqual(0);
          expect(q.facilityIndex).toBeLessThanOrEqual(100);
          expect(q.standardDeviation).toBeGreaterThanOrEqual(0);
          if (q.discriminationIndex !== null) expect(Math.abs(q.discriminationIndex)).toBeLessThanOrEqual(100 + 1e-9);
          if (q.discriminativeEfficiency !== null) expect(q.discriminativeEfficiency).toBeLessThanOrEqual(100 + 1e-9);
          const shares = [...q.options.map((option) => option.share ?? 0), q.noAnswer.share ?? 0];
          expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
        }
        if (result.test.internalConsistency !== null) expect(result.test.internalConsistency).toBeLessThanOrEqual(100 + 1e-9);
        expect(numbersIn(result).every(Number.isFinite)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('the discrimination index is the correlation of the mark with the rest of the test', () => {
    fc.assert(
      fc.property(generatedTest, (input) => {
        const result = ok(computeItemStats(input));
        for (const q of result.questions) {
          const pairs = input.attempts.flatMap((attempt) =>
            attempt.questions
              .filter((entry) => entry.questionId === q.questionId)
              .map((entry) => [entry.mark, attempt.totalMark - entry.mark] as const),
          );
          const n = pairs.length;
          const sx = pairs.reduce((t, [x]) => t + x, 0);
          const sy = pairs.reduce((t, [, y]) => t + y, 0);
          const sxy = pairs.reduce((t, [x, y]) => t + x * y, 0);
          const sxx = pairs.reduce((t, [x]) => t + x * x, 0);
          const syy = pairs.reduce((t, [, y]) => t + y * y, 0);
          const denominator = Math.sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
          if (q.discriminationIndex === null) continue;
          expect(q.discriminationIndex).toBeCloseTo((100 * (n * sxy - sx * sy)) / denominator, 6);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('computeItemStatsInSlices', () => {
  it('gives the same result as computeItemStats, pausing between slices', async () => {
    const questions = Array.from({ length: 12 }, (_, i) => question(`q${i}`, i % 4));
    const patterns = Array.from({ length: 450 }, (_, c) => Object.fromEntries(questions.map((q, i) => [q.questionId, (c * 7 + i * 3) % 9 < 4 ? (c + i) % 4 : null])));
    const input = { questions, attempts: attemptsOf(questions, patterns) };
    let pauses = 0;
    const sliced = await computeItemStatsInSlices(input, { sliceMs: 0, pause: async () => void (pauses += 1) });
    expect(sliced).toEqual(computeItemStats(input));
    // A pause after every question and after each few hundred attempts sorted into questions.
    expect(pauses).toBeGreaterThanOrEqual(questions.length + 2);
  });

  it('answers "not enough attempts" without pausing', async () => {
    const questions = [question('q1', 0)];
    let pauses = 0;
    const result = await computeItemStatsInSlices({ questions, attempts: attemptsOf(questions, [{ q1: 0 }]) }, { sliceMs: 0, pause: async () => void (pauses += 1) });
    expect(result).toEqual({ status: 'notEnoughAttempts', attempts: 1, minimumAttempts: ITEM_STATS_MIN_ATTEMPTS });
    expect(pauses).toBe(0);
  });
});
