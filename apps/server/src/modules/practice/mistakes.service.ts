import type { z } from 'zod';
import type { mistakesSchema } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import type { Learning } from '../attempts/attempts.service.js';
import { questionSummaries } from '../questions/question-reads.service.js';
import { bookmarkedAmong, cardsFor, deleteCards, saveCards, shelfCards } from './practice.repo.js';
import { scheduleAnswer, shelfPlace, type Outcome, type StoredCard } from './review-schedule.js';
import type { CardsOf, ReviewCardRow } from './practice.repo.js';
import type { ReviewCardsTable } from './practice.table.js';

/*
 * The mistakes shelf: FSRS over review_cards (the rules are in review-schedule.ts), moved on by each
 * answer a candidate gives; and the `learning` port the attempt engine is handed by src/wiring.ts, so
 * that it never imports this module.
 */

type Deps = { db: Db; clock: Clock };

const fromRow = (r: ReviewCardRow): StoredCard => ({
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsedDays: r.elapsed_days,
  scheduledDays: r.scheduled_days,
  learningSteps: r.learning_steps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  lastReview: r.last_review,
});

export type AnswerOutcome = { questionId: string; outcome: Outcome };

/** A card's row after an answer: its schedule from `next`, its creation kept. */
const cardRow = (userId: string, questionId: string, row: ReviewCardRow | undefined, next: StoredCard, at: number): ReviewCardsTable => ({
  user_id: userId,
  question_id: questionId,
  due: next.due,
  stability: next.stability,
  difficulty: next.difficulty,
  elapsed_days: next.elapsedDays,
  scheduled_days: next.scheduledDays,
  learning_steps: next.learningSteps,
  reps: next.reps,
  lapses: next.lapses,
  state: next.state,
  last_review: next.lastReview,
  created_at: row?.created_at ?? at,
});

/**
 * Moves each card on by one answer, inside the caller's transaction: the cards read (locked on
 * PostgreSQL), scheduled and written back together. `by` names the cards the answers are for.
 */
async function scheduleCards(trx: Executor, by: CardsOf, answers: { userId: string; questionId: string; outcome: Outcome }[], at: number): Promise<void> {
  const cards = await cardsFor(trx, by);
  await saveCards(
    trx,
    answers.flatMap((a) => {
      const row = cards.get('userId' in by ? a.questionId : a.userId);
      const next = scheduleAnswer(row ? fromRow(row) : null, a.outcome, at);
      return next ? [cardRow(a.userId, a.questionId, row, next, at)] : [];
    }),
  );
}

/**
 * Schedules the answers a candidate gave at `at`: a wrong answer puts the question on the mistakes
 * shelf (or back to the start of its review), a right answer to a question on the shelf moves its
 * next review further away. A question answered twice in one call counts once, by its last answer.
 */
export async function recordOutcomes(deps: { db: Db }, userId: string, outcomes: AnswerOutcome[], at: number): Promise<void> {
  const last = new Map<string, Outcome>();
  for (const o of outcomes) if (o.outcome !== 'unattempted') last.set(o.questionId, o.outcome);
  if (last.size === 0) return;
  // A question deleted since it was answered has nothing left to review.
  const existing = await questionSummaries(deps, [...last.keys()]);
  const ids = [...last.keys()].filter((id) => existing.has(id)).sort();
  if (ids.length === 0) return;
  await deps.db.transaction().execute((trx) =>
    scheduleCards(
      trx,
      { userId, questionIds: ids },
      ids.map((questionId) => ({ userId, questionId, outcome: last.get(questionId)! })),
      at,
    ),
  );
}

/** A candidate's cards whose questions can still be served (published), earliest due first. */
async function servableCards(deps: { db: Db }, userId: string) {
  const cards = await shelfCards(deps.db, userId);
  const questions = await questionSummaries(deps, cards.map((c) => c.question_id));
  return cards.filter((c) => questions.get(c.question_id)?.published);
}

/** The mistakes shelf: how many are due today, due later, mastered. */
export async function mistakesShelf(deps: Deps, userId: string): Promise<z.infer<typeof mistakesSchema>> {
  const now = deps.clock.now();
  const counts = { due: 0, later: 0, mastered: 0 };
  let nextDue: number | null = null;
  for (const card of await servableCards(deps, userId)) {
    const place = shelfPlace({ due: card.due, scheduledDays: card.scheduled_days, state: card.state }, now);
    counts[place] += 1;
    if (place !== 'due' && (nextDue === null || card.due < nextDue)) nextDue = card.due;
  }
  return { ...counts, total: counts.due + counts.later + counts.mastered, nextDueAt: nextDue === null ? null : toIso(nextDue) };
}

/**
 * The questions "practise my mistakes" serves, at most `limit`: those due today first (the longest
 * overdue first), then the rest by how soon they fall due; `among` narrows to some questions.
 */
export async function mistakeQuestionIds(deps: { db: Db }, userId: string, limit: number, among?: Set<string>, except: ReadonlyMap<string, unknown> = new Map()): Promise<string[]> {
  const cards = await servableCards(deps, userId);
  return cards.filter((c) => (!among || among.has(c.question_id)) && !except.has(c.question_id)).slice(0, limit).map((c) => c.question_id);
}

/**
 * Answers re-marked by a key decision, of many candidates at once: one now right leaves the mistakes
 * shelf; one now wrong (or partly right) goes on it as a wrong answer would. A candidate's question
 * answered twice counts by its last answer, as in recordOutcomes. Written a question at a time, for
 * all the candidates at once.
 */
export async function reviseOutcomes(deps: { db: Db }, revisions: { userId: string; outcomes: AnswerOutcome[] }[], at: number): Promise<void> {
  const byQuestion = (kept: (o: Outcome) => boolean) => {
    const out = new Map<string, Map<string, Outcome>>();
    for (const { userId, outcomes } of revisions) {
      for (const o of outcomes) {
        if (!kept(o.outcome)) continue;
        const users = out.get(o.questionId) ?? new Map<string, Outcome>();
        users.set(userId, o.outcome);
        out.set(o.questionId, users);
      }
    }
    return out;
  };
  for (const [questionId, users] of byQuestion((o) => o === 'correct')) await deleteCards(deps.db, { questionId, userIds: [...users.keys()].sort() });
  const missed = byQuestion((o) => o === 'wrong' || o === 'partial');
  if (missed.size === 0) return;
  // A question deleted since it was answered has nothing left to review.
  const existing = await questionSummaries(deps, [...missed.keys()]);
  for (const questionId of [...missed.keys()].filter((id) => existing.has(id)).sort()) {
    const users = missed.get(questionId)!;
    const userIds = [...users.keys()].sort();
    await deps.db.transaction().execute((trx) =>
      scheduleCards(
        trx,
        { questionId, userIds },
        userIds.map((userId) => ({ userId, questionId, outcome: users.get(userId)! })),
        at,
      ),
    );
  }
}

export function learningPort(deps: { db: Db }): Learning {
  return {
    bookmarkedAmong: (userId, questionIds) => bookmarkedAmong(deps.db, userId, questionIds),
    recordOutcomes: (userId, outcomes, at) => recordOutcomes(deps, userId, outcomes, at),
    reviseOutcomes: (revisions, at) => reviseOutcomes(deps, revisions, at),
  };
}
