import type { Insertable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { AttemptAnswersTable } from './attempts.table.js';

/* Practice sessions' own reads and writes: an answer stored once with its mark, a candidate's sessions and their progress. */

/** Stores a practice answer with its mark, once: a second answer to the question writes nothing. */
export async function insertPracticeAnswer(db: Executor, row: Insertable<AttemptAnswersTable>): Promise<boolean> {
  const r = await db
    .insertInto('attempt_answers')
    .values(row)
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function practiceAttemptsOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('attempts')
    .select(['id', 'source', 'label', 'status', 'started_at'])
    .where('user_id', '=', userId)
    .where('behaviour', '=', 'practice')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Per attempt: questions, answered, right, and the first unanswered position. */
export async function progressOf(db: Executor, attemptIds: string[]) {
  if (attemptIds.length === 0) return new Map<string, { total: number; answered: number; correct: number; firstOpen: number | null }>();
  const rows = await db
    .selectFrom('attempt_questions as aq')
    .leftJoin('attempt_answers as aa', (j) => j.onRef('aa.attempt_id', '=', 'aq.attempt_id').onRef('aa.question_id', '=', 'aq.question_id'))
    .select((eb) => [
      'aq.attempt_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('aa.question_id').as('answered'),
      eb.fn.sum<number>(eb.case().when('aa.outcome', '=', 'correct').then(1).else(0).end()).as('correct'),
      eb.fn.min<number | null>(eb.case().when('aa.question_id', 'is', null).then(eb.ref('aq.position')).end()).as('first_open'),
    ])
    .where('aq.attempt_id', 'in', attemptIds)
    .groupBy('aq.attempt_id')
    .execute();
  return new Map(
    rows.map((r) => [r.attempt_id, { total: Number(r.total), answered: Number(r.answered), correct: Number(r.correct ?? 0), firstOpen: r.first_open === null ? null : Number(r.first_open) }]),
  );
}
