import type { Executor } from '../../db/index.js';

/* Reads of a test's ranked, submitted attempts' scores, each over a range of attempts_rank_idx (test, ranked, score). */

/**
 * Where a score stands among the test's ranked, submitted attempts: two counts over a range of the
 * index, never a scan of the test's attempts. Open attempts have no score and are not counted.
 */
export async function rankCounts(db: Executor, testId: string, score: number): Promise<{ above: number; atOrBelow: number }> {
  const count = (op: '>' | '<=') =>
    db
      .selectFrom('attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('test_id', '=', testId)
      .where('ranked', '=', 1)
      .where('score', op, score)
      .executeTakeFirstOrThrow();
  const [above, atOrBelow] = await Promise.all([count('>'), count('<=')]);
  return { above: Number(above.n), atOrBelow: Number(atOrBelow.n) };
}

/**
 * The test's ranked score distribution: each score its ranked, submitted attempts have, lowest
 * first, with how many have it. One pass over the index in its own order (scores are sums of a few
 * marks, so there are far fewer distinct scores than attempts).
 */
export async function rankedScoreCounts(db: Executor, testId: string): Promise<{ score: number; n: number }[]> {
  const rows = await db
    .selectFrom('attempts')
    .select((eb) => ['score', eb.fn.countAll<number>().as('n')])
    .where('test_id', '=', testId)
    .where('ranked', '=', 1)
    .where('score', 'is not', null)
    .groupBy('score')
    .orderBy('score')
    .execute();
  return rows.map((r) => ({ score: Number(r.score), n: Number(r.n) }));
}
