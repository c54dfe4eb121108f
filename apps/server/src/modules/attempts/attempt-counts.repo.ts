import type { Executor } from '../../db/index.js';

/**
 * Timed attempts open now (started, not yet submitted). Only timed attempts have an end, so the
 * count is read from the `(status, ends_at)` index alone, never the table.
 */
export async function countOpenTimedAttempts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .where('ends_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
