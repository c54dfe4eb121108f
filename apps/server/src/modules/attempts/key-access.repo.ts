import type { Executor } from '../../db/index.js';
import { overIds } from '../../db/in-batches.js';

/**
 * The reads behind who may see a question's key (key-access.ts) that the engine's own tables answer;
 * what papers list and which are sealed comes through the paper port. Nothing here writes.
 */

/** The questions drawn into timed attempts at these tests (among `ids` when given). */
export async function drawnQuestions(db: Executor, testIds: string[], ids?: readonly string[]): Promise<{ test_id: string; question_id: string }[]> {
  if (testIds.length === 0) return [];
  const rows = await overIds(ids, (slice) => {
    let q = db
      .selectFrom('attempts as a')
      .innerJoin('attempt_questions as aq', 'aq.attempt_id', 'a.id')
      .select(['a.test_id', 'aq.question_id'])
      .where('a.test_id', 'in', testIds)
      .where('a.behaviour', '=', 'timed');
    if (slice) q = q.where('aq.question_id', 'in', slice);
    return q.distinct().execute();
  });
  return rows.flatMap((r) => (r.test_id ? [{ test_id: r.test_id, question_id: r.question_id }] : []));
}

/** The questions of a candidate's open timed attempts (among `ids` when given). */
export async function openAttemptQuestions(db: Executor, userId: string, ids?: readonly string[]): Promise<string[]> {
  const rows = await overIds(ids, (slice) => {
    let q = db
      .selectFrom('attempts as a')
      .innerJoin('attempt_questions as aq', 'aq.attempt_id', 'a.id')
      .select('aq.question_id')
      .where('a.user_id', '=', userId)
      .where('a.behaviour', '=', 'timed')
      .where('a.status', '=', 'open');
    if (slice) q = q.where('aq.question_id', 'in', slice);
    return q.distinct().execute();
  });
  return rows.map((r) => r.question_id);
}
