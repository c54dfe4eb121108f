import type { z } from 'zod';
import type { bookmarkListResponseSchema, mistakesSchema, PracticeChoices } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { publishedQuestionCounts, questionSummaries } from '../questions/questions.service.js';
import { bookmarkedAmong, bookmarkRows, cardsFor, deleteBookmark, insertBookmark, saveCard, shelfCards } from './practice.repo.js';
import { scheduleAnswer, shelfPlace, type Outcome, type StoredCard } from './review-schedule.js';
import type { ReviewCardRow } from './practice.repo.js';

type Deps = { db: Db; clock: Clock };

/** Bookmarks listed at most: far more than a candidate keeps. */
export const BOOKMARKS_LIST_MAX = 500;

/** What there is to practise: published questions by category and by learning topic. */
export async function practiceChoices(deps: { db: Db }): Promise<PracticeChoices> {
  return publishedQuestionCounts(deps);
}

// ---------------------------------------------------------------------------------------------
// Mistakes shelf (FSRS over review_cards; the rules are in review-schedule.ts)

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
  await deps.db.transaction().execute(async (trx) => {
    const cards = await cardsFor(trx, userId, ids);
    for (const questionId of ids) {
      const row = cards.get(questionId);
      const next = scheduleAnswer(row ? fromRow(row) : null, last.get(questionId)!, at);
      if (!next) continue;
      await saveCard(trx, {
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
    }
  });
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
export async function mistakeQuestionIds(deps: { db: Db }, userId: string, limit: number, among?: Set<string>): Promise<string[]> {
  const cards = await servableCards(deps, userId);
  return cards.filter((c) => !among || among.has(c.question_id)).slice(0, limit).map((c) => c.question_id);
}

// ---------------------------------------------------------------------------------------------
// Bookmarks

const questionNotFound = () => notFound('Question not found');

/** Bookmarks a published question; bookmarking it again changes nothing. */
export async function addBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question?.published) throw questionNotFound();
  await insertBookmark(deps.db, { user_id: userId, question_id: questionId, created_at: deps.clock.now() });
}

/** Removes a bookmark; removing one that is not there changes nothing. An unknown question is 404. */
export async function removeBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question) throw questionNotFound();
  await deleteBookmark(deps.db, userId, questionId);
}

/** A candidate's bookmarked questions that can be shown (published), newest first, with their stems. */
export async function listBookmarks(deps: { db: Db }, userId: string): Promise<z.infer<typeof bookmarkListResponseSchema>['data']> {
  const rows = await bookmarkRows(deps.db, userId, BOOKMARKS_LIST_MAX);
  const questions = await questionSummaries(deps, rows.map((r) => r.question_id));
  return rows.flatMap((r) => {
    const q = questions.get(r.question_id);
    return q?.published ? [{ questionId: r.question_id, stemHtml: q.stemHtml, categoryPath: q.categoryPath, createdAt: toIso(r.created_at) }] : [];
  });
}

/** Ids of a candidate's bookmarked published questions, newest bookmark first. */
export async function bookmarkedQuestionIds(deps: { db: Db }, userId: string): Promise<string[]> {
  return (await listBookmarks(deps, userId)).map((b) => b.questionId);
}

// ---------------------------------------------------------------------------------------------
// What the attempt engine is given (from app.ts), so that it never imports this module

export type Learning = {
  bookmarkedAmong(userId: string, questionIds: string[]): Promise<Set<string>>;
  recordOutcomes(userId: string, outcomes: AnswerOutcome[], at: number): Promise<void>;
};

export function learningPort(deps: { db: Db }): Learning {
  return {
    bookmarkedAmong: (userId, questionIds) => bookmarkedAmong(deps.db, userId, questionIds),
    recordOutcomes: (userId, outcomes, at) => recordOutcomes(deps, userId, outcomes, at),
  };
}
