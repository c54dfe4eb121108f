import type { Executor } from '../../db/index.js';

/** The reads behind the editors' item analysis of a test (test-item-stats.ts); nothing here writes. */

/**
 * How many ranked attempts at the test are submitted and when the latest of them was: together they
 * tell whether the item statistics computed earlier still stand.
 */
export async function rankedSubmittedFigures(db: Executor, testId: string): Promise<{ count: number; latestSubmittedAt: number | null }> {
  const row = await db
    .selectFrom('attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('submitted_at').as('latest')])
    .where('test_id', '=', testId)
    .where('ranked', '=', 1)
    .where('status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), latestSubmittedAt: row.latest === null ? null : Number(row.latest) };
}

/** The ranked, submitted attempts at the test: id, score and submission time, in id order. */
export async function rankedSubmittedAttempts(db: Executor, testId: string) {
  return db
    .selectFrom('attempts')
    .select(['id', 'score', 'submitted_at'])
    .where('test_id', '=', testId)
    .where('ranked', '=', 1)
    .where('status', '=', 'submitted')
    .orderBy('id')
    .execute();
}

/** Every question of the given attempts, with its answer when there is one, by attempt and position. */
export async function answerLinesOf(db: Executor, attemptIds: readonly string[]) {
  if (attemptIds.length === 0) return [];
  return db
    .selectFrom('attempt_questions as aq')
    .leftJoin('attempt_answers as aa', (j) => j.onRef('aa.attempt_id', '=', 'aq.attempt_id').onRef('aa.question_id', '=', 'aq.question_id'))
    .select(['aq.attempt_id', 'aq.question_id', 'aq.question_version', 'aq.section_index', 'aq.position', 'aq.marks', 'aq.negative_marks', 'aa.choice', 'aa.mark', 'aa.outcome'])
    .where('aq.attempt_id', 'in', attemptIds)
    .orderBy('aq.attempt_id')
    .orderBy('aq.position')
    .execute();
}
