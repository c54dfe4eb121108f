import type { Db } from '../../db/index.js';
import { openAttemptOf } from './attempts.repo.js';
import { anyAttemptAt, questionsServedOutside } from './paper-exposure.repo.js';

/**
 * What the attempt engine can tell about a paper's exposure: whether a test was ever attempted,
 * which of its questions candidates have already met elsewhere, and a candidate's open attempt at it.
 * The contests module asks before a test becomes a contest's paper, so that nobody sits a contest
 * on questions they have already seen (docs/PRODUCT.md §8.8).
 */

/** Whether any candidate has started an attempt at the test. */
export async function testWasAttempted(deps: { db: Db }, testId: string): Promise<boolean> {
  return anyAttemptAt(deps.db, testId);
}

/** How many of the questions candidates have met in practice sessions or in attempts at other tests. */
export async function questionsSeenOutside(deps: { db: Db }, questionIds: string[], testId: string): Promise<number> {
  if (questionIds.length === 0) return 0;
  return (await questionsServedOutside(deps.db, [...new Set(questionIds)], testId)).size;
}

/** The candidate's open attempt at the test with when it started and ends, or null. */
export async function openAttemptAt(deps: { db: Db }, userId: string, testId: string): Promise<{ id: string; startedAt: number; endsAt: number | null } | null> {
  const row = await openAttemptOf(deps.db, userId, testId);
  return row ? { id: row.id, startedAt: Number(row.started_at), endsAt: row.ends_at === null ? null : Number(row.ends_at) } : null;
}
