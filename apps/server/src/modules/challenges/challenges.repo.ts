import type { Insertable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { FlagRow, QuestionFlagsTable } from './challenges.table.js';

export async function insertFlag(db: Executor, row: Insertable<QuestionFlagsTable>): Promise<void> {
  await db.insertInto('question_flags').values(row).execute();
}

export async function flagById(db: Executor, id: string): Promise<FlagRow | undefined> {
  return db.selectFrom('question_flags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A person's challenges and reports, newest first; on one attempt when given. */
export async function flagsOf(db: Executor, userId: string, attemptId?: string): Promise<FlagRow[]> {
  let query = db.selectFrom('question_flags').selectAll().where('user_id', '=', userId);
  if (attemptId) query = query.where('attempt_id', '=', attemptId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
}

/** Challenges and reports by status, on one test when given, oldest first. */
export async function queueFlags(db: Executor, status: 'open' | 'resolved', testId?: string): Promise<FlagRow[]> {
  let query = db.selectFrom('question_flags').selectAll().where('status', '=', status);
  if (testId) query = query.where('test_id', '=', testId);
  return query.orderBy('created_at').orderBy('id').limit(5000).execute();
}

/**
 * The open challenges and reports a key decision answers: on that version, in that test (a decision
 * on every test answers those of any test, and reports seen outside a test).
 */
export async function openFlagsFor(db: Executor, p: { questionId: string; version: number; testId: string | null }): Promise<FlagRow[]> {
  let query = db.selectFrom('question_flags').selectAll().where('status', '=', 'open').where('question_id', '=', p.questionId).where('question_version', '=', p.version);
  if (p.testId !== null) query = query.where('test_id', '=', p.testId);
  return query.execute();
}

/** The open reports of a question, any version. */
export async function openReportsOf(db: Executor, questionId: string): Promise<FlagRow[]> {
  return db.selectFrom('question_flags').selectAll().where('status', '=', 'open').where('kind', '=', 'report').where('question_id', '=', questionId).execute();
}

export async function resolveFlags(db: Executor, ids: readonly string[], p: Pick<FlagRow, 'resolution' | 'reply' | 'resolved_by' | 'resolved_at'>): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('question_flags')
      .set({ ...p, status: 'resolved' })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', '=', 'open')
      .execute();
  }
}
