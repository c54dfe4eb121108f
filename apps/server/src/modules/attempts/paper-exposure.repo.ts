import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';

/** Whether anyone has started an attempt at the test, in any state. */
export async function anyAttemptAt(db: Executor, testId: string): Promise<boolean> {
  const row = await db.selectFrom('attempts').select(sql.lit(1).as('one')).where('test_id', '=', testId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Of the given questions, those served in a practice session or in an attempt at another test than
 * `testId`, by anyone.
 */
export async function questionsServedOutside(db: Executor, questionIds: string[], testId: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < questionIds.length; i += 200) {
    const rows = await db
      .selectFrom('attempt_questions as aq')
      .innerJoin('attempts as a', 'a.id', 'aq.attempt_id')
      .select('aq.question_id')
      .distinct()
      .where('aq.question_id', 'in', questionIds.slice(i, i + 200))
      .where((eb) => eb.or([eb('a.test_id', 'is', null), eb('a.test_id', '<>', testId)]))
      .execute();
    for (const r of rows) seen.add(r.question_id);
  }
  return seen;
}
