import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';

/**
 * Spaced repetition of wrong answers with FSRS (ts-fsrs). Pure: the time is always passed in.
 *
 * - Only a wrong answer puts a question on the mistakes shelf (a new card, rated Again). A right
 *   answer to a question already on the shelf reviews its card; a right answer to any other question
 *   changes nothing, and so does a question left unanswered in a test.
 * - A partly right multiple-answer question counts as wrong: the candidate did not know all of it.
 * - Right is Good; right after a long time is Easy, "long" meaning at least twice the interval the
 *   card was last given (LONG_GAP_FACTOR), and at least a day: remembering well past the planned
 *   review shows the question is easier than the schedule assumed.
 * - Scheduling is by whole days (no minute-long learning steps): the candidate has just read the
 *   explanation, so a question answered wrongly comes back the next day, not ten minutes later.
 *   Fuzz is off, so the same answers always give the same schedule.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A right answer at least this many times the card's interval after its last review is rated Easy. */
export const LONG_GAP_FACTOR = 2;
/** A card whose interval is at least this many days, and that is not yet due again, counts as mastered. */
export const MASTERED_INTERVAL_DAYS = 30;
/**
 * The shelf's day ends at midnight India Standard Time (UTC+05:30, no daylight saving): the exams and
 * the candidates are Indian, and "due today" must not flip at 05:30 in the morning.
 */
export const DAY_BOUNDARY_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export type Outcome = 'correct' | 'wrong' | 'partial' | 'unattempted';

/** A card as stored: times in epoch milliseconds. */
export type StoredCard = {
  due: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: State;
  lastReview: number | null;
};

const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

function toCard(c: StoredCard): Card {
  return {
    due: new Date(c.due),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsedDays,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    ...(c.lastReview === null ? {} : { last_review: new Date(c.lastReview) }),
  };
}

function fromCard(c: Card): StoredCard {
  return {
    due: c.due.getTime(),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ? c.last_review.getTime() : null,
  };
}

/** The FSRS rating an answer earns, given the card it reviews (null: a card not made yet). */
export function ratingFor(outcome: 'correct' | 'wrong' | 'partial', card: StoredCard | null, at: number): Grade {
  if (outcome !== 'correct') return Rating.Again;
  if (card?.lastReview == null) return Rating.Good;
  const gap = at - card.lastReview;
  return gap >= DAY_MS && gap >= LONG_GAP_FACTOR * card.scheduledDays * DAY_MS ? Rating.Easy : Rating.Good;
}

/**
 * The card after an answer at `at`, or null when the answer leaves the shelf as it is (a right or
 * unanswered question that is not on it, or an unanswered one that is).
 */
export function scheduleAnswer(card: StoredCard | null, outcome: Outcome, at: number): StoredCard | null {
  if (outcome === 'unattempted') return null;
  if (!card && outcome === 'correct') return null;
  const current = card ? toCard(card) : createEmptyCard(new Date(at));
  return fromCard(scheduler.next(current, new Date(at), ratingFor(outcome, card, at)).card);
}

/** The end of the shelf's day holding `at` (exclusive), in epoch milliseconds. */
export function endOfDay(at: number): number {
  return Math.floor((at + DAY_BOUNDARY_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - DAY_BOUNDARY_OFFSET_MS;
}

export type ShelfPlace = 'due' | 'later' | 'mastered';

/**
 * Where a card stands on the shelf at `now`: due (its review falls today or earlier), mastered (not
 * due, and FSRS last gave it an interval of a month or more), or later.
 */
export function shelfPlace(card: Pick<StoredCard, 'due' | 'scheduledDays' | 'state'>, now: number): ShelfPlace {
  if (card.due < endOfDay(now)) return 'due';
  return card.state === State.Review && card.scheduledDays >= MASTERED_INTERVAL_DAYS ? 'mastered' : 'later';
}

export { Rating, State };
