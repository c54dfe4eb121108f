/** The inputs, results and thresholds of the item statistics (item-stats.ts), with what each figure means there. */

/** Below this many attempts the statistics are too unsteady to show. */
export const ITEM_STATS_MIN_ATTEMPTS = 20;

/** A question whose discriminative efficiency is below this is flagged, as Moodle marks it. */
export const ITEM_STATS_LOW_EFFICIENCY = 15;

/**
 * The likely-wrong-key check looks at the upper group of a question: the candidates whose total is at
 * least the total of the candidate ranked ⌈s / 3⌉ from the top (all candidates tied at that total are
 * in). It needs at least this many candidates in the group and at least one candidate below it (when
 * every total is equal no group stands above the rest, and nothing is flagged). The question is
 * flagged when the group chose an option outside the key more often than some option of the key: for
 * a single-answer question, a wrong option more often than the correct one.
 */
export const ITEM_STATS_MISKEY_MIN_UPPER_GROUP = 5;

export interface ItemStatsOptionKey {
  /** The option's original position in the question. */
  position: number;
  correct: boolean;
  label: string;
}

export interface ItemStatsQuestion {
  questionId: string;
  label: string;
  options: ItemStatsOptionKey[];
}

export interface ItemStatsAttemptQuestion {
  questionId: string;
  /** The mark earned; negative when negative marking took marks away. */
  mark: number;
  maxMark: number;
  /** The lowest mark the question can give (minus the negative marks); 0 when left out. */
  minMark?: number;
  /** Original positions of the options chosen; empty when the question was not answered. */
  chosenOptions: readonly number[];
  /** The place in the test the question filled (see the test statistics above); the question itself when not given. */
  slot?: string;
}

export interface ItemStatsAttempt {
  attemptId: string;
  /** Sum of the question marks in the attempt. */
  totalMark: number;
  questions: readonly ItemStatsAttemptQuestion[];
}

export interface ItemStatsInput {
  /** The test's questions, in the order the result lists them. */
  questions: readonly ItemStatsQuestion[];
  /** The submitted first attempts. */
  attempts: readonly ItemStatsAttempt[];
}

export interface ItemStatsOptionShare {
  position: number;
  label: string;
  correct: boolean;
  /** Candidates who chose the option. */
  count: number;
  /** count as a percentage of the attempts at the question (several options per candidate add up past 100). */
  share: number | null;
  /** Candidates of the upper group who chose the option. */
  upperGroupCount: number;
  lowerGroupCount: number;
}

export interface ItemStatsQuestionResult {
  questionId: string;
  label: string;
  /** Attempts that contain the question. */
  attempts: number;
  meanMark: number | null;
  facilityIndex: number | null;
  standardDeviation: number | null;
  discriminationIndex: number | null;
  discriminativeEfficiency: number | null;
  options: ItemStatsOptionShare[];
  noAnswer: { count: number; share: number | null };
  /** Candidates in the upper group used by the likely-wrong-key check; 0 when there is none. */
  upperGroupSize: number;
  lowerGroupSize: number;
  flags: {
    lowDiscriminativeEfficiency: boolean;
    negativeDiscrimination: boolean;
    likelyMiskey: boolean;
  };
  /** The wrong option the upper group chose most, when the key looks wrong. */
  likelyMiskeyOption: number | null;
}

export interface ItemStatsTestResult {
  attempts: number;
  mean: number | null;
  median: number | null;
  standardDeviation: number | null;
  skewness: number | null;
  kurtosis: number | null;
  /** Coefficient of internal consistency (Cronbach's alpha) as a percentage. */
  internalConsistency: number | null;
  errorRatio: number | null;
  standardError: number | null;
}

export type ItemStatsResult =
  | {
      status: 'ok';
      attempts: number;
      minimumAttempts: number;
      test: ItemStatsTestResult;
      questions: ItemStatsQuestionResult[];
    }
  | { status: 'notEnoughAttempts'; attempts: number; minimumAttempts: number };
