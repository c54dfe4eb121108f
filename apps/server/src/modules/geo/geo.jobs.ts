import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PeriodicJob } from '../../lib/periodic.js';
import { forgetExpiredAddresses } from './geo.service.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Cached addresses past their time are deleted; deleting twice does no harm. */
export const geocodingCachePruningJob = (deps: { db: Db; clock: Clock }): PeriodicJob => ({
  name: 'pruning the geocoding cache',
  everyMs: PRUNE_EVERY_MS,
  run: () => forgetExpiredAddresses(deps),
});
