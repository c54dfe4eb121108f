import { describe, expect, it } from 'vitest';
import { attemptsOf, byId, ok, question, rounded, type Answers } from '../../../test/item-stats-factories.js';
import { computeItemStats, ITEM_STATS_MIN_ATTEMPTS, type ItemStatsInput } from './item-stats.js';

describe('computeItemStats on a hand-computed test', () => {
  // Three questions, keys Q1 = 0, Q2 = 1, Q3 = 2. Five answer patterns, each taken by 4 candidates
  // (20 attempts, the minimum). Marks per pattern (x1, x2, x3 → total T):
  //   A: 0, 1, 2        → +4, +4, +4 → 12
  //   B: 0, 1, 3        → +4, +4, −1 →  7
  //   C: 0, 0, none     → +4, −1,  0 →  3
  //   D: 2, 1, none     → −1, +4,  0 →  3
  //   E: none, 2, 3     →  0, −1, −1 → −2
  // Copying every pattern 4 times multiplies every sum of squares and products by 4, so the ratios
  // (discrimination, efficiency, internal consistency) are those of the five patterns; only the
  // n − 1 denominators see 20 attempts.
  const questions = [question('q1', 0), question('q2', 1), question('q3', 2)];
  const patterns: Answers[] = [
    { q1: 0, q2: 1, q3: 2 },
    { q1: 0, q2: 1, q3: 3 },
    { q1: 0, q2: 0, q3: null },
    { q1: 2, q2: 1, q3: null },
    { q1: null, q2: 2, q3: 3 },
  ];
  const input: ItemStatsInput = { questions, attempts: attemptsOf(questions, patterns, 4) };
  const result = computeItemStats(input);

  it('uses all 20 attempts', () => {
    expect(result.status).toBe('ok');
    expect(ok(result).attempts).toBe(20);
    expect(ok(result).questions.map((q) => q.questionId)).toEqual(['q1', 'q2', 'q3']);
  });

  it('Q1: facility, standard deviation, discrimination and efficiency', () => {
    // x = 4, 4, 4, −1, 0 (mean 11/5 = 2.2); X = T − x = 8, 3, −1, 4, −2 (mean 12/5 = 2.4).
    // Facility on the range −1…4: 100 · (2.2 − (−1)) / (4 − (−1)) = 100 · 3.2 / 5 = 64.
    // (Mean ÷ maximum, ignoring the −1 floor, would give 55.)
    // dx = 1.8, 1.8, 1.8, −3.2, −2.2 → Σdx² = 3·3.24 + 10.24 + 4.84 = 24.8 per pattern, 99.2 for 20.
    // SD = 100 · √(99.2 / 19) / 5.
    // dX = 5.6, 0.6, −3.4, 1.6, −4.4 → ΣdX² = 31.36 + 0.36 + 11.56 + 2.56 + 19.36 = 65.2.
    // Σdx·dX = 10.08 + 1.08 − 6.12 − 5.12 + 9.68 = 9.6 → D = 100 · 9.6 / √(24.8 · 65.2) ≈ 23.87.
    // Sorted: x = −1, 0, 4, 4, 4 (dx −3.2, −2.2, 1.8, 1.8, 1.8); X = −2, −1, 3, 4, 8
    // (dX −4.4, −3.4, 0.6, 1.6, 5.6) → Σ = 14.08 + 7.48 + 1.08 + 2.88 + 10.08 = 35.6
    // → DE = 100 · 9.6 / 35.6 ≈ 26.97.
    const q1 = byId(result, 'q1');
    expect(q1.attempts).toBe(20);
    expect(q1.meanMark).toBeCloseTo(2.2, 12);
    expect(q1.facilityIndex).toBeCloseTo(64, 10);
    expect(q1.standardDeviation).toBeCloseTo((100 * Math.sqrt(99.2 / 19)) / 5, 10);
    expect(q1.discriminationIndex).toBeCloseTo((100 * 9.6) / Math.sqrt(24.8 * 65.2), 10);
    expect(q1.discriminativeEfficiency).toBeCloseTo((100 * 9.6) / 35.6, 10);
  });

  it('Q2: facility, standard deviation, discrimination and efficiency', () => {
    // x = 4, 4, −1, 4, −1 (mean 2); X = 8, 3, 4, −1, −1 (mean 2.6).
    // Facility 100 · (2 + 1) / 5 = 60.
    // dx = 2, 2, −3, 2, −3 → Σdx² = 4 + 4 + 9 + 4 + 9 = 30 per pattern, 120 for 20.
    // dX = 5.4, 0.4, 1.4, −3.6, −3.6 → ΣdX² = 29.16 + 0.16 + 1.96 + 12.96 + 12.96 = 57.2.
    // Σdx·dX = 10.8 + 0.8 − 4.2 − 7.2 + 10.8 = 11 → D = 100 · 11 / √(30 · 57.2) ≈ 26.55.
    // Sorted: dx −3, −3, 2, 2, 2 with dX −3.6, −3.6, 0.4, 1.4, 5.4 → Σ = 10.8 + 10.8 + 0.8 + 2.8 + 10.8 = 36
    // → DE = 100 · 11 / 36 ≈ 30.56.
    const q2 = byId(result, 'q2');
    expect(q2.facilityIndex).toBeCloseTo(60, 10);
    expect(q2.standardDeviation).toBeCloseTo((100 * Math.sqrt(120 / 19)) / 5, 10);
    expect(q2.discriminationIndex).toBeCloseTo((100 * 11) / Math.sqrt(30 * 57.2), 10);
    expect(q2.discriminativeEfficiency).toBeCloseTo((100 * 11) / 36, 10);
  });

  it('Q3: facility, standard deviation, discrimination and efficiency', () => {
    // x = 4, −1, 0, 0, −1 (mean 0.4); X = 8, 8, 3, 3, −1 (mean 4.2).
    // Facility 100 · (0.4 + 1) / 5 = 28.
    // dx = 3.6, −1.4, −0.4, −0.4, −1.4 → Σdx² = 12.96 + 1.96 + 0.16 + 0.16 + 1.96 = 17.2, 68.8 for 20.
    // dX = 3.8, 3.8, −1.2, −1.2, −5.2 → ΣdX² = 14.44 + 14.44 + 1.44 + 1.44 + 27.04 = 58.8.
    // Σdx·dX = 13.68 − 5.32 + 0.48 + 0.48 + 7.28 = 16.6 → D = 100 · 16.6 / √(17.2 · 58.8) ≈ 52.20.
    // Sorted: dx −1.4, −1.4, −0.4, −0.4, 3.6 with dX −5.2, −1.2, −1.2, 3.8, 3.8
    // → Σ = 7.28 + 1.68 + 0.48 − 1.52 + 13.68 = 21.6 → DE = 100 · 16.6 / 21.6 ≈ 76.85.
    const q3 = byId(result, 'q3');
    expect(q3.facilityIndex).toBeCloseTo(28, 10);
    expect(q3.standardDeviation).toBeCloseTo((100 * Math.sqrt(68.8 / 19)) / 5, 10);
    expect(q3.discriminationIndex).toBeCloseTo((100 * 16.6) / Math.sqrt(17.2 * 58.8), 10);
    expect(q3.discriminativeEfficiency).toBeCloseTo((100 * 16.6) / 21.6, 10);
  });

  it('Q1: the option choices, with "no answer"', () => {
    // Option 0 by A, B, C (12 of 20 = 60 %), option 2 by D (4 = 20 %), no answer by E (4 = 20 %).
    const q1 = byId(result, 'q1');
    expect(q1.options.map(({ position, correct, count, share }) => ({ position, correct, count, share }))).toEqual([
      { position: 0, correct: true, count: 12, share: 60 },
      { position: 1, correct: false, count: 0, share: 0 },
      { position: 2, correct: false, count: 4, share: 20 },
      { position: 3, correct: false, count: 0, share: 0 },
    ]);
    expect(q1.options[2]?.label).toBe('Option 2');
    expect(q1.noAnswer).toEqual({ count: 4, share: 20 });
    expect(q1.label).toBe('Question q1');
  });

  it('no question is flagged: every efficiency is at least 15 and every discrimination positive', () => {
    for (const q of ok(result).questions) {
      expect(q.flags).toEqual({ lowDiscriminativeEfficiency: false, negativeDiscrimination: false, likelyMiskey: false });
      expect(q.likelyMiskeyOption).toBeNull();
    }
  });

  it('the upper group takes everyone tied at the cut-off, and a tie with the key is no miskey', () => {
    // Totals, best first: 12 ×4 (A), 7 ×4 (B), 3 ×8, −2 ×4. ⌈20 / 3⌉ = 7; the 7th total is 7, so all
    // 8 candidates with 7 or more are in. On Q3 they chose the key (2) 4 times and option 3 4 times:
    // a wrong option chosen as often as the key, not more often, so Q3 is not flagged.
    const q3 = byId(result, 'q3');
    expect(q3.upperGroupSize).toBe(8);
    expect(q3.options.map((option) => option.upperGroupCount)).toEqual([0, 0, 4, 4]);
    expect(q3.flags.likelyMiskey).toBe(false);
  });

  it('test statistics: mean, median, standard deviation, skewness, kurtosis', () => {
    // T = 12, 7, 3, 3, −2 (×4): mean 23 / 5 = 4.6. Sorted, the 10th and 11th totals are both 3: median 3.
    // d = 7.4, 2.4, −1.6, −1.6, −6.6.
    // Σd² = 54.76 + 5.76 + 2.56 + 2.56 + 43.56 = 109.2 → 436.8 for 20; SD = √(436.8 / 19).
    // Σd³ = 405.224 + 13.824 − 4.096 − 4.096 − 287.496 = 123.36 → 493.44.
    // Σd⁴ = 2998.6576 + 33.1776 + 6.5536 + 6.5536 + 1897.4736 = 4942.416 → 19769.664.
    // m2 = 436.8 / 20, m3 = 493.44 / 20, m4 = 19769.664 / 20; k2 = 20·m2 / 19,
    // k3 = 400·m3 / (19·18), k4 = 400·(21·m4 − 3·19·m2²) / (19·18·17).
    const n = 20;
    const m2 = 436.8 / n;
    const m3 = 493.44 / n;
    const m4 = 19769.664 / n;
    const k2 = (n * m2) / (n - 1);
    const k3 = (n * n * m3) / ((n - 1) * (n - 2));
    const k4 = (n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2)) / ((n - 1) * (n - 2) * (n - 3));
    const { test } = ok(result);
    expect(test.attempts).toBe(20);
    expect(test.mean).toBeCloseTo(4.6, 12);
    expect(test.median).toBe(3);
    expect(test.standardDeviation).toBeCloseTo(Math.sqrt(436.8 / 19), 10);
    expect(test.skewness).toBeCloseTo(k3 / k2 ** 1.5, 10);
    expect(test.kurtosis).toBeCloseTo(k4 / (k2 * k2), 10);
    expect(test.skewness).toBeCloseTo(0.2618, 4);
    expect(test.kurtosis).toBeCloseTo(-0.837, 3);
  });

  it('test statistics: internal consistency, error ratio, standard error', () => {
    // ΣV(x_i) = (4·24.8 + 4·30 + 4·17.2) / 19 = 288 / 19; k2 = 436.8 / 19.
    // CIC = 100 · 3/2 · (1 − 288 / 436.8) = 150 · 148.8 / 436.8 ≈ 51.10.
    // ER = 100 · √(1 − CIC / 100) ≈ 69.93; SE = ER · SD / 100 ≈ 3.353.
    const cic = 150 * (148.8 / 436.8);
    const errorRatio = 100 * Math.sqrt(1 - cic / 100);
    const { test } = ok(result);
    expect(test.internalConsistency).toBeCloseTo(cic, 10);
    expect(test.internalConsistency).toBeCloseTo(51.0989, 4);
    expect(test.errorRatio).toBeCloseTo(errorRatio, 10);
    expect(test.standardError).toBeCloseTo((errorRatio * Math.sqrt(436.8 / 19)) / 100, 10);
  });

  it('does not depend on the order of the attempts', () => {
    // Equal up to the rounding of sums taken in another order.
    const reversed = computeItemStats({ questions, attempts: [...input.attempts].reverse() });
    expect(rounded(reversed)).toEqual(rounded(result));
  });
});

describe('computeItemStats below the minimum number of attempts', () => {
  const questions = [question('q1', 0)];

  it('is 20', () => {
    expect(ITEM_STATS_MIN_ATTEMPTS).toBe(20);
  });

  it.each([0, 1, 19])('%i attempts: not enough attempts', (count) => {
    const attempts = attemptsOf(questions, [{ q1: 0 }, { q1: 1 }], 10).slice(0, count);
    expect(computeItemStats({ questions, attempts })).toEqual({
      status: 'notEnoughAttempts',
      attempts: count,
      minimumAttempts: 20,
    });
  });

  it('20 attempts: statistics', () => {
    const attempts = attemptsOf(questions, [{ q1: 0 }, { q1: 1 }], 10);
    expect(computeItemStats({ questions, attempts }).status).toBe('ok');
  });
});
