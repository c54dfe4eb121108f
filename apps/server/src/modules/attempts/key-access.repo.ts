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

/**
 * The questions of a candidate's open timed attempts (among `ids` when given). The candidate's open
 * attempts are found first, by their own index, and their questions then by attempt: a join could be
 * planned from the questions' side, through every attempt at those questions (thousands per question
 * on a popular test), where a candidate has at most a few attempts open.
 */
export async function openAttemptQuestions(db: Executor, userId: string, ids?: readonly string[]): Promise<string[]> {
  const open = await db.selectFrom('attempts').select('id').where('user_id', '=', userId).where('behaviour', '=', 'timed').where('status', '=', 'open').execute();
  if (open.length === 0) return [];
  const attemptIds = open.map((a) => a.id);
  const rows = await overIds(ids, (slice) => {
    let q = db.selectFrom('attempt_questions').select('question_id').where('attempt_id', 'in', attemptIds);
    if (slice) q = q.where('question_id', 'in', slice);
    return q.distinct().execute();
  });
  return [...new Set(rows.map((r) => r.question_id))];
}
