import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PeriodicJob } from '../../lib/periodic.js';
import { forgetOldSignInRecords } from './auth.service.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Sign-in records that no longer count are deleted; deleting twice does no harm. */
export const signInPruningJob = (deps: { db: Db; clock: Clock }): PeriodicJob => ({
  name: 'pruning sign-in records',
  everyMs: PRUNE_EVERY_MS,
  run: () => forgetOldSignInRecords(deps),
});
