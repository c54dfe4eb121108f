import type { Db } from '../../db/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { rollUpDaysBefore, tryRollUpLock } from './tracking.repo.js';

const DAY_MS = 86_400_000;

/** The first UTC day whose raw page views are still kept. */
export function firstKeptDay(now: number, retentionDays: number): string {
  return toIso(now - retentionDays * DAY_MS).slice(0, 10);
}

/**
 * Rolls the raw page views older than the retention period into daily aggregates and erases them
 * (IPs, visitor ids and every other raw field), in one transaction. Answers how many raw rows went;
 * 0 as well when another process is doing it at the same moment.
 */
export async function rollUpExpiredPageViews(deps: { db: Db; clock: Clock }, retentionDays: number): Promise<number> {
  const beforeDay = firstKeptDay(deps.clock.now(), retentionDays);
  return deps.db.transaction().execute(async (trx) => ((await tryRollUpLock(trx)) ? rollUpDaysBefore(trx, beforeDay) : 0));
}
