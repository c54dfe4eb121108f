import type { Executor } from '../../db/index.js';
import type { AnswerRow } from './attempts.repo.js';
import type { AttemptRow } from './attempts.table.js';

/** Submitted attempts given this version of a question, in one test or any, by id. */
export async function attemptsWithVersion(db: Executor, p: { questionId: string; version: number; testId: string | null }): Promise<string[]> {
  let query = db
    .selectFrom('attempt_questions as aq')
    .innerJoin('attempts as a', 'a.id', 'aq.attempt_id')
    .select('a.id')
    .where('aq.question_id', '=', p.questionId)
    .where('aq.question_version', '=', p.version)
    .where('a.status', '=', 'submitted');
  if (p.testId !== null) query = query.where('a.test_id', '=', p.testId);
  return (await query.orderBy('a.id').execute()).map((r) => r.id);
}

export type RemarkRow = Pick<AttemptRow, 'id' | 'user_id' | 'test_id' | 'behaviour' | 'ranked' | 'sections' | 'marked_answered_counts' | 'score' | 'correct' | 'wrong' | 'partial' | 'unattempted'>;

export async function remarkRows(db: Executor, ids: readonly string[]): Promise<RemarkRow[]> {
  return db
    .selectFrom('attempts')
    .select(['id', 'user_id', 'test_id', 'behaviour', 'ranked', 'sections', 'marked_answered_counts', 'score', 'correct', 'wrong', 'partial', 'unattempted'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Each attempt's answer to one question, by attempt id. */
export async function answersTo(db: Executor, attemptIds: readonly string[], questionId: string): Promise<Map<string, AnswerRow>> {
  const rows = await db.selectFrom('attempt_answers').selectAll().where('attempt_id', 'in', attemptIds).where('question_id', '=', questionId).execute();
  return new Map(rows.map((r) => [r.attempt_id, r]));
}

export async function writeRemark(trx: Executor, answer: AnswerRow, exists: boolean): Promise<void> {
  if (exists) {
    await trx.updateTable('attempt_answers').set({ mark: answer.mark, outcome: answer.outcome }).where('attempt_id', '=', answer.attempt_id).where('question_id', '=', answer.question_id).execute();
  } else {
    await trx.insertInto('attempt_answers').values(answer).execute();
  }
}

export async function writeTotals(trx: Executor, id: string, totals: Pick<AttemptRow, 'score' | 'correct' | 'wrong' | 'partial' | 'unattempted'>): Promise<void> {
  await trx.updateTable('attempts').set(totals).where('id', '=', id).execute();
}

/** Moves a test's per-question figures by a re-marked answer: right answers and their time. */
export async function shiftQuestionStats(trx: Executor, testId: string, questionId: string, correct: number, timeMs: number): Promise<void> {
  await trx
    .updateTable('test_question_stats')
    .set((eb) => ({ correct: eb('correct', '+', correct), correct_time_ms: eb('correct_time_ms', '+', timeMs) }))
    .where('test_id', '=', testId)
    .where('question_id', '=', questionId)
    .execute();
}
