import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { DAY_MS, endOfDay, MASTERED_INTERVAL_DAYS, ratingFor, scheduleAnswer, shelfPlace, type StoredCard } from './review-schedule.js';

// Every expectation is checked against ts-fsrs itself, called through its public API with the same
// parameters, so the tests say which rating an answer earned rather than copying FSRS's numbers.
const reference = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
const T0 = Date.parse('2026-03-02T04:00:00Z');

function expected(card: Card, at: number, rating: Grade) {
  const c = reference.next(card, new Date(at), rating).card;
  return { due: c.due.getTime(), stability: c.stability, difficulty: c.difficulty, reps: c.reps, lapses: c.lapses, state: c.state, scheduledDays: c.scheduled_days };
}
const asCard = (s: StoredCard): Card => ({
  due: new Date(s.due),
  stability: s.stability,
  difficulty: s.difficulty,
  elapsed_days: s.elapsedDays,
  scheduled_days: s.scheduledDays,
  learning_steps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  ...(s.lastReview === null ? {} : { last_review: new Date(s.lastReview) }),
});
const pick = (s: StoredCard) => ({ due: s.due, stability: s.stability, difficulty: s.difficulty, reps: s.reps, lapses: s.lapses, state: s.state, scheduledDays: s.scheduledDays });

describe('scheduling answers with FSRS', () => {
  it('puts a wrongly answered question on the shelf, rated Again, due the next day', () => {
    const card = scheduleAnswer(null, 'wrong', T0)!;
    expect(pick(card)).toEqual(expected(createEmptyCard(new Date(T0)), T0, Rating.Again));
    expect(card.due).toBe(T0 + DAY_MS);
    expect(card.lastReview).toBe(T0);
    expect(card.reps).toBe(1);
  });

  it('leaves the shelf alone for a right answer to a question not on it, and for an unanswered one', () => {
    expect(scheduleAnswer(null, 'correct', T0)).toBeNull();
    expect(scheduleAnswer(null, 'unattempted', T0)).toBeNull();
    const card = scheduleAnswer(null, 'wrong', T0)!;
    expect(scheduleAnswer(card, 'unattempted', T0 + 5 * DAY_MS)).toBeNull();
  });

  it('counts a partly right answer as wrong', () => {
    expect(pick(scheduleAnswer(null, 'partial', T0)!)).toEqual(pick(scheduleAnswer(null, 'wrong', T0)!));
    expect(ratingFor('partial', null, T0)).toBe(Rating.Again);
  });

  it('rates a right answer at the planned review Good, and moves the next review further away', () => {
    const first = scheduleAnswer(null, 'wrong', T0)!;
    const at = first.due;
    expect(ratingFor('correct', first, at)).toBe(Rating.Good);
    const second = scheduleAnswer(first, 'correct', at)!;
    expect(pick(second)).toEqual(expected(asCard(first), at, Rating.Good));
    expect(second.due - at).toBeGreaterThan(first.due - first.lastReview!);
    expect(second.lapses).toBe(0);
  });

  it('rates a right answer Easy after at least twice the card\'s interval, and not before', () => {
    const first = scheduleAnswer(null, 'wrong', T0)!;
    const second = scheduleAnswer(first, 'correct', first.due)!;
    const interval = second.scheduledDays * DAY_MS;
    const justShort = second.lastReview! + 2 * interval - 1;
    const long = second.lastReview! + 2 * interval;
    expect(ratingFor('correct', second, justShort)).toBe(Rating.Good);
    expect(ratingFor('correct', second, long)).toBe(Rating.Easy);
    expect(pick(scheduleAnswer(second, 'correct', long)!)).toEqual(expected(asCard(second), long, Rating.Easy));
    expect(pick(scheduleAnswer(second, 'correct', justShort)!)).toEqual(expected(asCard(second), justShort, Rating.Good));
  });

  it('never rates a right answer Easy within a day of the last review', () => {
    const card = { ...scheduleAnswer(null, 'wrong', T0)!, scheduledDays: 0 };
    expect(ratingFor('correct', card, T0 + DAY_MS - 1)).toBe(Rating.Good);
    expect(ratingFor('correct', card, T0 + DAY_MS)).toBe(Rating.Easy);
  });

  it('sends a card back to the start when the question is answered wrongly again, counting a lapse', () => {
    let card = scheduleAnswer(null, 'wrong', T0)!;
    card = scheduleAnswer(card, 'correct', card.due)!;
    card = scheduleAnswer(card, 'correct', card.due)!;
    const before = card;
    const after = scheduleAnswer(card, 'wrong', card.due)!;
    expect(pick(after)).toEqual(expected(asCard(before), before.due, Rating.Again));
    expect(after.lapses).toBe(1);
    expect(after.due - before.due).toBeLessThan(before.due - before.lastReview!);
  });

  it('reaches a month-long interval after a few right answers, each at its review date', () => {
    let card = scheduleAnswer(null, 'wrong', T0)!;
    let reviews = 0;
    while (card.scheduledDays < MASTERED_INTERVAL_DAYS && reviews < 20) {
      card = scheduleAnswer(card, 'correct', card.due)!;
      reviews += 1;
    }
    expect(card.state).toBe(State.Review);
    expect(reviews).toBeGreaterThan(1);
    expect(reviews).toBeLessThan(8);
  });
});

describe('the shelf', () => {
  it('ends the day at midnight India Standard Time', () => {
    // 2026-03-02 04:00 UTC is 09:30 IST; that day ends at 2026-03-02 18:30 UTC.
    expect(endOfDay(T0)).toBe(Date.parse('2026-03-02T18:30:00Z'));
    expect(endOfDay(Date.parse('2026-03-02T18:29:59.999Z'))).toBe(Date.parse('2026-03-02T18:30:00Z'));
    expect(endOfDay(Date.parse('2026-03-02T18:30:00Z'))).toBe(Date.parse('2026-03-03T18:30:00Z'));
  });

  it('places a card as due today, later or mastered', () => {
    const review = { state: State.Review };
    expect(shelfPlace({ ...review, due: T0 - DAY_MS, scheduledDays: 40 }, T0)).toBe('due');
    expect(shelfPlace({ ...review, due: Date.parse('2026-03-02T18:00:00Z'), scheduledDays: 3 }, T0)).toBe('due');
    expect(shelfPlace({ ...review, due: Date.parse('2026-03-02T18:30:00Z'), scheduledDays: 3 }, T0)).toBe('later');
    expect(shelfPlace({ ...review, due: T0 + 29 * DAY_MS, scheduledDays: 29 }, T0)).toBe('later');
    expect(shelfPlace({ ...review, due: T0 + 30 * DAY_MS, scheduledDays: MASTERED_INTERVAL_DAYS }, T0)).toBe('mastered');
    expect(shelfPlace({ state: State.Relearning, due: T0 + 40 * DAY_MS, scheduledDays: 40 }, T0)).toBe('later');
  });
});
