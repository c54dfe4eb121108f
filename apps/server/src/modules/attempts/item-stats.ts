/**
 * Item analysis of one mock test: the question and test statistics of Moodle's quiz statistics
 * report (classical test theory), computed from the submitted first attempts. Pure: no database.
 *
 * Notation: for question i, x is a candidate's mark on it, T the candidate's total and X = T − x the
 * "rest of test" score; s is the number of attempts containing the question; V, C are sample
 * variance and covariance (denominator s − 1).
 *
 * Question statistics
 * - Facility index F = 100 · (x̄ − x_min) / (x_max − x_min), x_min and x_max being the lowest and
 *   highest marks the question can give (x_min < 0 under negative marking). Taken attempt by attempt
 *   as the mean of the fractions (x − x_min) / (x_max − x_min), within 0–100 for marks in range; with
 *   x_min = 0 it is Moodle's mean mark ÷ maximum mark.
 * - Standard deviation SD = 100 · √V(x) / (x_max − x_min), likewise on the fraction scale.
 * - Discrimination index D = 100 · r(x, X) = 100 · C(x, X) / √(V(x) · V(X)): the product-moment
 *   correlation of the question's mark with the rest of the test; null when either does not vary.
 * - Discriminative efficiency DE = 100 · C(x, X) / C_max(x, X), where C_max is the covariance the
 *   same marks would have if x and X were ranked alike: both lists sorted ascending and paired in
 *   order. C_max uses the observed marks, not the possible ones; null when it is zero.
 * - Flags: low discriminative efficiency below 15 (Moodle's "dubious question" mark), negative
 *   discrimination, and a likely wrong key (see `ITEM_STATS_MISKEY_MIN_UPPER_GROUP`).
 *
 * Test statistics, on the totals T of all n attempts
 * - mean, median (mean of the two middle totals when n is even), SD = √(Σd² / (n − 1)), d = T − mean.
 * - With m_k = Σd^k / n: k2 = n·m2 / (n − 1), k3 = n²·m3 / ((n − 1)(n − 2)),
 *   k4 = n²·((n + 1)·m4 − 3(n − 1)·m2²) / ((n − 1)(n − 2)(n − 3));
 *   skewness = k3 / k2^{3/2}, kurtosis (excess) = k4 / k2².
 * - Coefficient of internal consistency (Cronbach's alpha, KR-20 for marks of 0 or 1), as a
 *   percentage over the p slots of the test: CIC = 100 · p / (p − 1) · (1 − Σ V(x_k) / k2), x_k being
 *   the mark in slot k. A slot is a place in the test, filled in each attempt by one question (Moodle's
 *   quiz statistics work per slot): where every attempt has the same questions, slot and question are
 *   one; where a blueprint draws a few of many questions, each place it fills is a slot, and V(x_k) is
 *   taken over every attempt, whichever question filled the place. The question statistics stay per
 *   question.
 * - Error ratio ER = 100 · √(1 − CIC / 100); standard error SE = ER · SD / 100 (in marks).
 *
 * Every figure that cannot be computed (a zero variance, too few attempts) is null, never NaN.
 */

import {
  ITEM_STATS_MIN_ATTEMPTS,
  type ItemStatsInput,
  type ItemStatsQuestionResult,
  type ItemStatsResult,
  type ItemStatsTestResult,
} from './item-stats-types.js';
import { finite, mean, median, sampleVariance, sum, varies } from './item-stats-math.js';
import { questionStats, responsesOf } from './item-stats-questions.js';

export * from './item-stats-types.js';

const testStats = (totals: readonly number[], slotMarks: readonly (readonly number[])[]): ItemStatsTestResult => {
  const slotCount = slotMarks.length;
  const n = totals.length;
  const average = n === 0 ? null : finite(mean(totals));
  const result: ItemStatsTestResult = {
    attempts: n,
    mean: average,
    median: median(totals),
    standardDeviation: null,
    skewness: null,
    kurtosis: null,
    internalConsistency: null,
    errorRatio: null,
    standardError: null,
  };
  if (average === null || n < 2) return result;

  const powerSum = (power: number): number =>
    varies(totals) ? sum(totals.map((total) => (total - average) ** power)) : 0;
  const m2 = powerSum(2) / n;
  const m3 = powerSum(3) / n;
  const m4 = powerSum(4) / n;
  const k2 = (n * m2) / (n - 1);
  result.standardDeviation = finite(Math.sqrt(k2));
  if (n < 3 || k2 === 0) return result;

  const k3 = (n * n * m3) / ((n - 1) * (n - 2));
  result.skewness = finite(k3 / k2 ** 1.5);
  if (n > 3) {
    const k4 = (n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2)) / ((n - 1) * (n - 2) * (n - 3));
    result.kurtosis = finite(k4 / (k2 * k2));
  }
  if (slotCount > 1) {
    const sumOfMarkVariance = sum(slotMarks.map(sampleVariance));
    const raw = finite(((100 * slotCount) / (slotCount - 1)) * (1 - sumOfMarkVariance / k2));
    // CIC cannot pass 100 when each total is the sum of the marks; rounding may put it a hair over.
    const cic = raw !== null && raw > 100 && raw - 100 < 1e-9 ? 100 : raw;
    result.internalConsistency = cic;
    if (cic !== null && cic <= 100) {
      result.errorRatio = finite(100 * Math.sqrt(1 - cic / 100));
      result.standardError =
        result.errorRatio === null || result.standardDeviation === null
          ? null
          : finite((result.errorRatio * result.standardDeviation) / 100);
    }
  }
  return result;
};

/**
 * The computation as a sequence of steps, each a bounded share of the work (a question's statistics,
 * a few hundred attempts sorted into questions), so a caller may pause between them.
 */
export function* itemStatsSteps(input: ItemStatsInput): Generator<void, ItemStatsResult> {
  const attempts = input.attempts.length;
  if (attempts < ITEM_STATS_MIN_ATTEMPTS) {
    return { status: 'notEnoughAttempts', attempts, minimumAttempts: ITEM_STATS_MIN_ATTEMPTS };
  }
  const { byQuestion, bySlot } = yield* responsesOf(input.attempts);
  const questions: ItemStatsQuestionResult[] = [];
  for (const question of input.questions) {
    yield;
    questions.push(questionStats(question, byQuestion.get(question.questionId) ?? []));
  }
  const totals = input.attempts.map((attempt) => attempt.totalMark);
  return {
    status: 'ok',
    attempts,
    minimumAttempts: ITEM_STATS_MIN_ATTEMPTS,
    test: testStats(totals, [...bySlot.values()]),
    questions,
  };
}

/**
 * The item analysis of one test from its submitted first attempts, or `notEnoughAttempts` when there
 * are fewer than `ITEM_STATS_MIN_ATTEMPTS`.
 */
export function computeItemStats(input: ItemStatsInput): ItemStatsResult {
  const steps = itemStatsSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Longest stretch `computeItemStatsInSlices` computes before letting other work run. */
export const ITEM_STATS_SLICE_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same result as `computeItemStats`, computed in slices of about `sliceMs`, each followed by
 * `pause` (by default, a turn of the event loop): a server answering other requests meanwhile is
 * never held up by a large test for more than a slice.
 */
export async function computeItemStatsInSlices(
  input: ItemStatsInput,
  { sliceMs = ITEM_STATS_SLICE_MS, pause = nextTurn }: { sliceMs?: number; pause?: () => Promise<void> } = {},
): Promise<ItemStatsResult> {
  const steps = itemStatsSteps(input);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
}
