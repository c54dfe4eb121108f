/**
 * The question statistics of item analysis (`item-stats.ts` defines them): each question's responses,
 * one per attempt containing it, and its facility, discrimination, options chosen and flags. Pure: no
 * database.
 */

import {
  ITEM_STATS_LOW_EFFICIENCY,
  ITEM_STATS_MISKEY_MIN_UPPER_GROUP,
  type ItemStatsAttempt,
  type ItemStatsOptionShare,
  type ItemStatsQuestion,
  type ItemStatsQuestionResult,
} from './item-stats-types.js';
import { ascending, finite, mean, ratio, sampleVariance, sumOfProducts, varies } from './item-stats-math.js';

export interface Response {
  mark: number;
  fraction: number;
  rest: number;
  total: number;
  /** Distinct option positions chosen. */
  chosen: readonly number[];
}

/** How many attempts `responsesOf` goes through between two steps. */
const ATTEMPTS_PER_STEP = 200;

export interface Responses {
  byQuestion: Map<string, Response[]>;
  /** Each slot's marks, one per attempt filling it. */
  bySlot: Map<string, number[]>;
}

/**
 * Each question's responses, one per attempt containing it (a question listed twice counts once),
 * highest total first; and each slot's marks (a slot listed twice counts once, as first listed). A
 * step every `ATTEMPTS_PER_STEP` attempts.
 */
export function* responsesOf(attempts: readonly ItemStatsAttempt[]): Generator<void, Responses> {
  const byQuestion = new Map<string, Response[]>();
  const bySlot = new Map<string, number[]>();
  const best = [...attempts].sort((a, b) => b.totalMark - a.totalMark);
  for (const [index, attempt] of best.entries()) {
    if (index > 0 && index % ATTEMPTS_PER_STEP === 0) yield;
    const seen = new Set<string>();
    const slots = new Set<string>();
    for (const entry of attempt.questions) {
      const slot = entry.slot ?? entry.questionId;
      if (!slots.has(slot)) {
        slots.add(slot);
        const marks = bySlot.get(slot);
        if (marks) marks.push(entry.mark);
        else bySlot.set(slot, [entry.mark]);
      }
      if (seen.has(entry.questionId)) continue;
      seen.add(entry.questionId);
      const low = entry.minMark ?? 0;
      const response: Response = {
        mark: entry.mark,
        fraction: (entry.mark - low) / (entry.maxMark - low),
        rest: attempt.totalMark - entry.mark,
        total: attempt.totalMark,
        chosen: entry.chosenOptions.length > 1 ? [...new Set(entry.chosenOptions)] : entry.chosenOptions,
      };
      const list = byQuestion.get(entry.questionId);
      if (list) list.push(response);
      else byQuestion.set(entry.questionId, [response]);
    }
  }
  return { byQuestion, bySlot };
}

/** The upper group of responses sorted highest total first (see ITEM_STATS_MISKEY_MIN_UPPER_GROUP). */
const upperGroup = (responses: readonly Response[]): readonly Response[] => {
  const cutOff = responses[Math.ceil(responses.length / 3) - 1]?.total;
  if (cutOff === undefined) return [];
  let size = 0;
  while (size < responses.length && (responses[size]?.total ?? -Infinity) >= cutOff) size += 1;
  const group = responses.slice(0, size);
  return group.length < responses.length && group.length >= ITEM_STATS_MISKEY_MIN_UPPER_GROUP ? group : [];
};

/** The lower group of responses sorted highest total first: the bottom third, ties at its edge included, as the upper group is the top. */
const lowerGroup = (responses: readonly Response[]): readonly Response[] => {
  const cutOff = responses[responses.length - Math.ceil(responses.length / 3)]?.total;
  if (cutOff === undefined) return [];
  let from = responses.length;
  while (from > 0 && (responses[from - 1]?.total ?? Infinity) <= cutOff) from -= 1;
  const group = responses.slice(from);
  return group.length < responses.length && group.length >= ITEM_STATS_MISKEY_MIN_UPPER_GROUP ? group : [];
};

const likelyMiskeyOption = (options: readonly ItemStatsOptionShare[], upperSize: number): number | null => {
  const keyCounts = options.filter((option) => option.correct).map((option) => option.upperGroupCount);
  if (upperSize === 0 || keyCounts.length === 0) return null;
  const weakestKey = Math.min(...keyCounts);
  let suspect: ItemStatsOptionShare | null = null;
  for (const option of options) {
    if (option.correct || option.upperGroupCount <= weakestKey) continue;
    if (!suspect || option.upperGroupCount > suspect.upperGroupCount) suspect = option;
  }
  return suspect ? suspect.position : null;
};

/** How many responses chose each option position (a sparse list indexed by position). */
const countChoices = (responses: readonly Response[]): number[] => {
  const counts: number[] = [];
  for (const response of responses) {
    for (const position of response.chosen) counts[position] = (counts[position] ?? 0) + 1;
  }
  return counts;
};

const percentOf = (count: number, of: number): number | null => (of === 0 ? null : (100 * count) / of);

export const questionStats = (question: ItemStatsQuestion, responses: readonly Response[]): ItemStatsQuestionResult => {
  const s = responses.length;
  const marks = responses.map((response) => response.mark);
  const rests = responses.map((response) => response.rest);
  const fractions = responses.map((response) => response.fraction);

  const facilityIndex = s === 0 ? null : finite(100 * mean(fractions));
  const standardDeviation = s < 2 ? null : finite(100 * Math.sqrt(sampleVariance(fractions)));

  // The (s − 1) denominators of the covariance and variances cancel in both ratios.
  const covarianceSum = s < 2 ? 0 : sumOfProducts(marks, rests);
  const bothVary = s >= 2 && varies(marks) && varies(rests);
  const correlation = bothVary
    ? ratio(covarianceSum, Math.sqrt(sumOfProducts(marks, marks) * sumOfProducts(rests, rests)))
    : null;
  const discriminationIndex = correlation === null ? null : 100 * correlation;
  const maximumCovarianceSum = bothVary ? sumOfProducts(ascending(marks), ascending(rests)) : 0;
  const efficiency = maximumCovarianceSum === 0 ? null : ratio(covarianceSum, maximumCovarianceSum);
  const discriminativeEfficiency = efficiency === null ? null : 100 * efficiency;

  const upper = upperGroup(responses);
  const counts = countChoices(responses);
  const upperCounts = countChoices(upper);
  const lower = lowerGroup(responses);
  const lowerCounts = countChoices(lower);
  const options: ItemStatsOptionShare[] = question.options.map((option) => {
    const count = counts[option.position] ?? 0;
    return {
      position: option.position,
      label: option.label,
      correct: option.correct,
      count,
      share: percentOf(count, s),
      upperGroupCount: upperCounts[option.position] ?? 0,
      lowerGroupCount: lowerCounts[option.position] ?? 0,
    };
  });
  const unanswered = responses.filter((response) => response.chosen.length === 0).length;
  const miskeyOption = likelyMiskeyOption(options, upper.length);

  return {
    questionId: question.questionId,
    label: question.label,
    attempts: s,
    meanMark: s === 0 ? null : finite(mean(marks)),
    facilityIndex,
    standardDeviation,
    discriminationIndex,
    discriminativeEfficiency,
    options,
    noAnswer: { count: unanswered, share: percentOf(unanswered, s) },
    upperGroupSize: upper.length,
    lowerGroupSize: lower.length,
    flags: {
      lowDiscriminativeEfficiency:
        discriminativeEfficiency !== null && discriminativeEfficiency < ITEM_STATS_LOW_EFFICIENCY,
      negativeDiscrimination: discriminationIndex !== null && discriminationIndex < 0,
      likelyMiskey: miskeyOption !== null,
    },
    likelyMiskeyOption: miskeyOption,
  };
};
