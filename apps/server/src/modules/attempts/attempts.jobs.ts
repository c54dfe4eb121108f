import type { PeriodicJob } from '../../lib/periodic.js';
import { submitOverdueAttempts, type AttemptDeps } from './attempts.service.js';

/** Timed attempts past their end and grace are submitted by the server, each exactly once across processes. */
export const overdueAttemptsJob = (deps: AttemptDeps, everyMs: number): PeriodicJob => ({
  name: 'submitting overdue attempts',
  everyMs,
  atStart: true,
  run: async () => ({ submitted: await submitOverdueAttempts(deps) }),
  done: 'overdue attempts submitted',
});
