import type { ItemStatsAttempt, ItemStatsQuestion, ItemStatsQuestionResult, ItemStatsResult } from '../src/modules/attempts/item-stats.js';

/* Tests made by hand for the item statistics (attempts/item-stats.ts), and readers of their results. */

// Single-answer questions with four options (positions 0–3), marked +4 right, −1 wrong, 0 unanswered.
export const RIGHT = 4;
export const WRONG = -1;

export const question = (questionId: string, key: number, optionCount = 4): ItemStatsQuestion => ({
  questionId,
  label: `Question ${questionId}`,
  options: Array.from({ length: optionCount }, (_, position) => ({
    position,
    correct: position === key,
    label: `Option ${position}`,
  })),
});

/** One candidate's answers: per question the chosen option, or null when left unanswered. */
export type Answers = Record<string, number | null>;

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
export const attemptsOf = (questions: readonly ItemStatsQuestion[], patterns: readonly Answers[], times = 1) =>
  patterns.flatMap((answers, p) =>
    Array.from({ length: times }, (_, copy) => attemptOf(`a${p}-${copy}`, questions, answers)),
  );

export const ok = (result: ItemStatsResult) => {
  if (result.status !== 'ok') throw new Error(`expected statistics, got ${result.status}`);
  return result;
};

export const byId = (result: ItemStatsResult, questionId: string): ItemStatsQuestionResult => {
  const found = ok(result).questions.find((q) => q.questionId === questionId);
  if (!found) throw new Error(`no statistics for ${questionId}`);
  return found;
};

/** Every number anywhere in the value, to check that none is NaN or infinite. */
export const numbersIn = (value: unknown): number[] => {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
};

/** The value with every number cut to 10 significant digits, to compare figures computed two ways. */
export const rounded = (value: unknown): unknown => {
  if (typeof value === 'number') return Number(value.toPrecision(10));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  }
  return value;
};
