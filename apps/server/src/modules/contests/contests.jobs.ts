import type { PeriodicJob } from '../../lib/periodic.js';
import type { Core } from './contests.deps.js';
import { releaseExpiredHolds } from './entries/entries.js';

/** Seats held for payments that did not arrive in time go back, each exactly once across processes. */
export const expiredHoldsJob = (deps: Core, everyMs: number): PeriodicJob => ({
  name: 'releasing expired seat holds',
  everyMs,
  atStart: true,
  run: async () => ({ released: await releaseExpiredHolds(deps) }),
  done: 'expired seat holds released',
});
