import type { PeriodicJob } from '../../lib/periodic.js';
import { processRefunds, reconcilePendingOrders, type FulfilDeps } from './payments.service.js';

/**
 * Orders left open (a lost webhook, a closed browser) are checked with the provider, and refunds
 * waiting are asked for; each order is claimed by one process.
 */
export const settlePaymentsJob = (deps: FulfilDeps, everyMs: number): PeriodicJob => ({
  name: 'settling payments',
  everyMs,
  run: async () => {
    const fulfilled = await reconcilePendingOrders(deps);
    const refunded = await processRefunds(deps);
    return { fulfilled, refunded };
  },
  done: 'payments settled',
});
