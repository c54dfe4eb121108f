import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PeriodicJob } from '../../lib/periodic.js';
import { rollUpExpiredPageViews } from './retention.js';

const ROLL_UP_EVERY_MS = 60 * 60 * 1000;

/** Raw page views past the retention period become daily aggregates (docs/decisions/010), by one process at a time. */
export const pageViewRollUpJob = (deps: { db: Db; clock: Clock }, retentionDays: number): PeriodicJob => ({
  name: 'rolling up page views',
  everyMs: ROLL_UP_EVERY_MS,
  atStart: true,
  run: async () => ({ erased: await rollUpExpiredPageViews(deps, retentionDays) }),
  done: 'raw page views rolled into daily aggregates',
});
