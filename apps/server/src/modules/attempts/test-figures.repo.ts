import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { chunks } from './attempts.repo.js';

/*
 * A test's figures across its ranked attempts: the per-question counts each ranked submission adds
 * to and results read, the sections' top and average scores, and the tests with enough submissions.
 */

/** Counts a ranked attempt's answers into the test's per-question figures; rows in question order so concurrent submissions never wait crosswise. */
export async function countIntoQuestionStats(trx: Executor, testId: string, items: { questionId: string; correct: boolean; timeMs?: number }[]): Promise<void> {
  await addToQuestionStats(
    trx,
    testId,
    items.map((i) => ({ questionId: i.questionId, attempts: 1, correct: i.correct ? 1 : 0, correctTimeMs: i.correct ? Math.round(i.timeMs ?? 0) : 0 })),
  );
}

/** Adds to the test's per-question figures: attempts, right answers and their time, per question (at most one row each). */
export async function addToQuestionStats(trx: Executor, testId: string, rows: { questionId: string; attempts: number; correct: number; correctTimeMs: number }[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0));
  for (const batch of chunks(sorted)) {
    await trx
      .insertInto('test_question_stats')
      .values(batch.map((r) => ({ test_id: testId, question_id: r.questionId, attempts: r.attempts, correct: r.correct, correct_time_ms: r.correctTimeMs })))
      .onConflict((oc) =>
        oc.columns(['test_id', 'question_id']).doUpdateSet((eb) => ({
          attempts: eb('test_question_stats.attempts', '+', eb.ref('excluded.attempts')),
          correct: eb('test_question_stats.correct', '+', eb.ref('excluded.correct')),
          correct_time_ms: eb('test_question_stats.correct_time_ms', '+', eb.ref('excluded.correct_time_ms')),
        })),
      )
      .execute();
  }
}

export type QuestionStat = { attempts: number; correct: number; correctTimeMs: number };

export async function questionStats(db: Executor, testId: string, questionIds: string[]): Promise<Map<string, QuestionStat>> {
  const out = new Map<string, QuestionStat>();
  for (const batch of chunks(questionIds, 500)) {
    const rows = await db.selectFrom('test_question_stats').select(['question_id', 'attempts', 'correct', 'correct_time_ms']).where('test_id', '=', testId).where('question_id', 'in', batch).execute();
    for (const r of rows) out.set(r.question_id, { attempts: Number(r.attempts), correct: Number(r.correct), correctTimeMs: Number(r.correct_time_ms) });
  }
  return out;
}

/** Tests with at least `minimum` submitted first attempts, latest submission first. */
export async function rankedTestIds(db: Executor, minimum: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('attempts')
    .select(['test_id', (eb) => eb.fn.max('submitted_at').as('latest')])
    .where('ranked', '=', 1)
    .where('status', '=', 'submitted')
    .where('test_id', 'is not', null)
    .groupBy('test_id')
    .having((eb) => eb.fn.countAll(), '>=', minimum)
    .orderBy('latest', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.test_id!);
}

/** Per section (by index), the top and average section score of a test's ranked submitted attempts. */
export async function sectionScoreRows(db: Executor, testId: string): Promise<{ section_index: number; top: number; average: number }[]> {
  const { rows } = await sql<{ section_index: number; top: number | string; average: number | string }>`
    select s.section_index, max(s.total) as top, avg(s.total) as average from (
      select aq.attempt_id, aq.section_index, sum(coalesce(aa.mark, 0)) as total
      from attempts a
      join attempt_questions aq on aq.attempt_id = a.id
      left join attempt_answers aa on aa.attempt_id = aq.attempt_id and aa.question_id = aq.question_id
      where a.test_id = ${testId} and a.ranked = 1 and a.status = 'submitted'
      group by aq.attempt_id, aq.section_index
    ) s
    group by s.section_index
    order by s.section_index
  `.execute(db);
  return rows.map((r) => ({ section_index: Number(r.section_index), top: Number(r.top), average: Number(r.average) }));
}
