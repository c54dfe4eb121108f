import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeItemStats,
  computeItemStatsInSlices,
  ITEM_STATS_MIN_ATTEMPTS,
  type ItemStatsAttempt,
  type ItemStatsInput,
  type ItemStatsQuestion,
  type ItemStatsQuestionResult,
  type ItemStatsResult,
} from './item-stats.js';

// Single-answer questions with four options (positions 0–3), marked +4 right, −1 wrong, 0 unanswered.
const RIGHT = 4;
const WRONG = -1;

const question = (questionId: string, key: number, optionCount = 4): ItemStatsQuestion => ({
  questionId,
  label: `Question ${questionId}`,
  options: Array.from({ length: optionCount }, (_, position) => ({
    position,
    correct: position === key,
    label: `Option ${position}`,
  })),
});

/** One candidate's answers: per question the chosen option, or null when left unanswered. */
type Answers = Record<string, number | null>;

const attemptOf = (attemptId: string, questions: readonly ItemStatsQuestion[], answers: Answers): ItemStatsAttempt => {
  const entries = questions
    .filter((q) => q.questionId in answers)
    .map((q) => {
      const chosen = answers[q.questionId] ?? null;
      const correct = chosen !== null && q.options.some((option) => option.position === chosen && option.correct);
      return {
        questionId: q.questionId,
        mark: chosen === null ? 0 : correct ? RIGHT : WRONG,
        maxMark: RIGHT,
        minMark: WRONG,
        chosenOptions: chosen === null ? [] : [chosen],
      };
    });
  return { attemptId, totalMark: entries.reduce((total, entry) => total + entry.mark, 0), questions: entries };
};

/** Each answer pattern taken by `times` candidates. */
const attemptsOf = (questions: readonly ItemStatsQuestion[], patterns: readonly Answers[], times = 1) =>
  patterns.flatMap((answers, p) =>
    Array.from({ length: times }, (_, copy) => attemptOf(`a${p}-${copy}`, questions, answers)),
  );

const ok = (result: ItemStatsResult) => {
  if (result.status !== 'ok') throw new Error(`expected statistics, got ${result.status}`);
  return result;
};

const byId = (result: ItemStatsResult, questionId: string): ItemStatsQuestionResult => {
  const found = ok(result).questions.find((q) => q.questionId === questionId);
  if (!found) throw new Error(`no statistics for ${questionId}`);
  return found;
};

/** Every number anywhere in the value, to check that none is NaN or infinite. */
const numbersIn = (value: unknown): number[] => {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
};

const rounded = (value: unknown): unknown => {
  if (typeof value === 'number') return Number(value.toPrecision(10));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  }
  return value;
};

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

describe('computeItemStats flags', () => {
  it('flags a question the weaker candidates answer better: negative discrimination, low efficiency', () => {
    // 21 candidates. Q1 and Q2 sort them; Q3 is answered right by the weakest only.
    //   7 strong: Q1 ✓, Q2 ✓, Q3 wrong (option 1) → 4 + 4 − 1 = 7
    //   7 middle: Q1 ✓, Q2 ✗, Q3 unanswered     → 4 − 1 + 0 = 3
    //   7 weak:   Q1 ✗, Q2 ✗, Q3 ✓              → −1 − 1 + 4 = 2
    // Q3: x = −1, 0, 4 against X = 8, 3, −2: the question's mark falls as the rest of the test rises.
    const questions = [question('q1', 0), question('q2', 0), question('q3', 0)];
    const attempts = attemptsOf(
      questions,
      [
        { q1: 0, q2: 0, q3: 1 },
        { q1: 0, q2: 1, q3: null },
        { q1: 1, q2: 1, q3: 0 },
      ],
      7,
    );
    const q3 = byId(computeItemStats({ questions, attempts }), 'q3');
    expect(q3.discriminationIndex).toBeLessThan(0);
    expect(q3.discriminativeEfficiency).toBeLessThan(15);
    expect(q3.flags.negativeDiscrimination).toBe(true);
    expect(q3.flags.lowDiscriminativeEfficiency).toBe(true);
    // The strong candidates chose option 1 (7) and never the key (0): it also looks miskeyed.
    expect(q3.flags.likelyMiskey).toBe(true);
    expect(q3.likelyMiskeyOption).toBe(1);
  });

  it('flags a likely miskey: the upper third chose one wrong option more often than the key', () => {
    // Q2's key says option 0, but the best candidates (by Q1 and Q3) chose option 1.
    //   7 strong: Q1 ✓, Q2 option 1 (−1), Q3 ✓  → 7
    //   7 middle: Q1 ✓, Q2 unanswered,    Q3 ✗  → 3
    //   7 weak:   Q1 ✗, Q2 option 0 (+4), Q3 ✗  → 2
    // ⌈21 / 3⌉ = 7: the upper group is the 7 strong candidates; option 1: 7, key (option 0): 0.
    const questions = [question('q1', 0), question('q2', 0), question('q3', 0)];
    const attempts = attemptsOf(
      questions,
      [
        { q1: 0, q2: 1, q3: 0 },
        { q1: 0, q2: null, q3: 1 },
        { q1: 1, q2: 0, q3: 1 },
      ],
      7,
    );
    const result = computeItemStats({ questions, attempts });
    const q2 = byId(result, 'q2');
    expect(q2.upperGroupSize).toBe(7);
    expect(q2.options.map((option) => option.upperGroupCount)).toEqual([0, 7, 0, 0]);
    expect(q2.flags.likelyMiskey).toBe(true);
    expect(q2.likelyMiskeyOption).toBe(1);
    expect(byId(result, 'q1').flags.likelyMiskey).toBe(false);
    expect(byId(result, 'q3').flags.likelyMiskey).toBe(false);
    // Totals 2 ×7, 3 ×7, 7 ×7: the 11th of 21 is the median, 3.
    expect(ok(result).test.median).toBe(3);
  });

  it('flags a multiple-answer question when a wrong option beats one of the keys in the upper group', () => {
    // Key: options 0 and 1. The strong candidates choose 0 and 2, never 1.
    const multi: ItemStatsQuestion = {
      questionId: 'm',
      label: 'Multiple',
      options: [0, 1, 2, 3].map((position) => ({ position, correct: position <= 1, label: `Option ${position}` })),
    };
    const anchor = question('a', 0);
    const attempt = (id: string, anchorRight: boolean, chosen: number[], mark: number): ItemStatsAttempt => {
      const anchorMark = anchorRight ? RIGHT : WRONG;
      return {
        attemptId: id,
        totalMark: anchorMark + mark,
        questions: [
          { questionId: 'a', mark: anchorMark, maxMark: RIGHT, minMark: WRONG, chosenOptions: [anchorRight ? 0 : 1] },
          { questionId: 'm', mark, maxMark: RIGHT, minMark: 0, chosenOptions: chosen },
        ],
      };
    };
    const attempts = [
      ...Array.from({ length: 8 }, (_, i) => attempt(`s${i}`, true, [0, 2], 2)),
      ...Array.from({ length: 8 }, (_, i) => attempt(`m${i}`, false, [0, 1], 4)),
      ...Array.from({ length: 8 }, (_, i) => attempt(`w${i}`, false, [], 0)),
    ];
    // Totals: strong 4 + 2 = 6, middle −1 + 4 = 3, weak −1. Upper group: the 8 strong.
    const m = byId(computeItemStats({ questions: [anchor, multi], attempts }), 'm');
    expect(m.upperGroupSize).toBe(8);
    expect(m.options.map((option) => option.count)).toEqual([16, 8, 8, 0]);
    expect(m.options.map((option) => option.share)).toEqual([(100 * 16) / 24, (100 * 8) / 24, (100 * 8) / 24, 0]);
    expect(m.flags.likelyMiskey).toBe(true);
    expect(m.likelyMiskeyOption).toBe(2);
  });

  it('does not look for a miskey when the upper group would be under 5 candidates', () => {
    // Q2 is in only 6 of the 21 attempts: 2 with total 3 who chose option 1 (wrong), 4 with total −1 who
    // left it. ⌈6 / 3⌉ = 2 candidates would form the upper group, too few to judge the key by.
    const questions = [question('q1', 0), question('q2', 0)];
    const attempts = [
      ...attemptsOf(questions, [{ q1: 0, q2: 1 }], 2),
      ...attemptsOf(questions, [{ q1: 1, q2: null }], 4),
      ...attemptsOf(questions, [{ q1: 0 }, { q1: 1 }], 8).slice(0, 15),
    ];
    expect(attempts).toHaveLength(21);
    const q2 = byId(computeItemStats({ questions, attempts }), 'q2');
    expect(q2.attempts).toBe(6);
    expect(q2.upperGroupSize).toBe(0);
    expect(q2.options.every((option) => option.upperGroupCount === 0)).toBe(true);
    expect(q2.flags.likelyMiskey).toBe(false);
  });
});

describe('computeItemStats on attempts drawn from a blueprint', () => {
  it('adds up the variances of the slots, each over every attempt, not of the questions that filled them', () => {
    // q1 in every attempt; the test's second place holds qa in ten attempts and qb in the other ten.
    const attempts: ItemStatsAttempt[] = Array.from({ length: 20 }, (_, i) => {
      const entries = [
        { questionId: 'q1', mark: i % 3 === 0 ? WRONG : RIGHT, maxMark: RIGHT, minMark: WRONG, chosenOptions: [0], slot: 'first' },
        { questionId: i < 10 ? 'qa' : 'qb', mark: i % 4 < 2 || i === 3 ? RIGHT : 0, maxMark: RIGHT, minMark: WRONG, chosenOptions: [0], slot: 'second' },
      ];
      return { attemptId: `a${i}`, totalMark: entries[0]!.mark + entries[1]!.mark, questions: entries };
    });
    const variance = (values: number[]) => {
      const m = values.reduce((t, v) => t + v, 0) / values.length;
      return values.reduce((t, v) => t + (v - m) ** 2, 0) / (values.length - 1);
    };
    const slotVariances = [0, 1].map((k) => variance(attempts.map((a) => a.questions[k]!.mark)));
    const cic = 100 * 2 * (1 - (slotVariances[0]! + slotVariances[1]!) / variance(attempts.map((a) => a.totalMark)));
    const result = ok(computeItemStats({ questions: ['q1', 'qa', 'qb'].map((id) => question(id, 0)), attempts }));
    expect(result.test.internalConsistency).toBeCloseTo(cic, 10);
    expect(result.questions.map((q) => q.attempts)).toEqual([20, 10, 10]);
    // Without slots each question is its own: three items whose variances are taken over different attempts.
    const unslotted = ok(computeItemStats({ questions: ['q1', 'qa', 'qb'].map((id) => question(id, 0)), attempts: attempts.map((a) => ({ ...a, questions: a.questions.map(({ slot: _slot, ...q }) => q) })) }));
    expect(unslotted.test.internalConsistency).not.toBeCloseTo(cic, 3);
  });
});

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
