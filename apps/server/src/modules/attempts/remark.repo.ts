import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { AnswerRow } from './attempts.repo.js';
import type { AttemptRow } from './attempts.table.js';

/*
 * Every read here goes through a primary key or the version index, never a join the planner could
 * order: right after a burst of submissions PostgreSQL may have no statistics for the new rows, and
 * joined, it once chose a nested loop over both sides (100 s for 10,000 attempts).
 */

/** Whether statements run on the event loop's own thread (SQLite through better-sqlite3): a transaction then holds every other request for its whole length. */
export const runsOnTheLoop = (db: Executor): boolean => !(db.getExecutor().adapter instanceof PostgresAdapter);

/** Attempts given this version of a question, whatever their state, by id. */
export async function attemptsGiven(db: Executor, p: { questionId: string; version: number }): Promise<string[]> {
  const rows = await db.selectFrom('attempt_questions').select('attempt_id').where('question_id', '=', p.questionId).where('question_version', '=', p.version).execute();
  return [...new Set(rows.map((r) => r.attempt_id))].sort();
}

/** Of these attempts (a few hundred at most), the submitted ones, in one test or any, with their test. */
export async function submittedAmong(db: Executor, ids: readonly string[], testId: string | null): Promise<{ id: string; test_id: string | null }[]> {
  const rows = await db.selectFrom('attempts').select(['id', 'test_id', 'status']).where('id', 'in', ids).orderBy('id').execute();
  return rows.filter((r) => r.status === 'submitted' && (testId === null || r.test_id === testId)).map((r) => ({ id: r.id, test_id: r.test_id }));
}

/** An attempt as re-marking reads it, with the question's place in it: its position and its section's marks. */
export type RemarkRow = Pick<AttemptRow, 'id' | 'user_id' | 'test_id' | 'behaviour' | 'ranked' | 'marked_answered_counts' | 'score' | 'correct' | 'wrong' | 'partial' | 'unattempted'> & {
  position: number;
  marks: number;
  negative_marks: number;
};

export async function remarkRows(db: Executor, ids: readonly string[], questionId: string): Promise<RemarkRow[]> {
  const places = new Map(
    (await db.selectFrom('attempt_questions').select(['attempt_id', 'position', 'marks', 'negative_marks']).where('attempt_id', 'in', ids).where('question_id', '=', questionId).execute()).map((r) => [r.attempt_id, r]),
  );
  const rows = await db
    .selectFrom('attempts')
    .select(['id', 'user_id', 'test_id', 'behaviour', 'ranked', 'marked_answered_counts', 'score', 'correct', 'wrong', 'partial', 'unattempted'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => {
    const place = places.get(r.id);
    return place ? [{ ...r, position: place.position, marks: place.marks, negative_marks: place.negative_marks }] : [];
  });
}

/** Each attempt's answer to one question, by attempt id. */
export async function answersTo(db: Executor, attemptIds: readonly string[], questionId: string): Promise<Map<string, AnswerRow>> {
  const rows = await db.selectFrom('attempt_answers').selectAll().where('attempt_id', 'in', attemptIds).where('question_id', '=', questionId).execute();
  return new Map(rows.map((r) => [r.attempt_id, r]));
}

export type Totals = Pick<AttemptRow, 'score' | 'correct' | 'wrong' | 'partial' | 'unattempted'>;

/**
 * Writes the score and counts of many attempts in one statement: an UPDATE … FROM a VALUES list,
 * which both dialects run as a join on the primary key. PostgreSQL types an untyped VALUES column as
 * text, hence the casts (SQLite reads them as affinities).
 */
export async function writeTotals(trx: Executor, rows: readonly { id: string; totals: Totals }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(({ id, totals: t }) => sql`(${id}, ${t.score}, ${t.correct}, ${t.wrong}, ${t.partial}, ${t.unattempted})`);
  await sql`with v (id, score, correct, wrong, partial, unattempted) as (values ${sql.join(values)})
    update attempts set score = cast(v.score as double precision), correct = cast(v.correct as integer), wrong = cast(v.wrong as integer),
      partial = cast(v.partial as integer), unattempted = cast(v.unattempted as integer)
    from v where attempts.id = v.id`.execute(trx);
}

/** Moves a test's per-question figures by re-marked answers: right answers and their time. */
export async function shiftQuestionStats(trx: Executor, testId: string, questionId: string, correct: number, timeMs: number): Promise<void> {
  await trx
    .updateTable('test_question_stats')
    .set((eb) => ({ correct: eb('correct', '+', correct), correct_time_ms: eb('correct_time_ms', '+', timeMs) }))
    .where('test_id', '=', testId)
    .where('question_id', '=', questionId)
    .execute();
}
