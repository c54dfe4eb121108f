import { isApiError } from './api-error';

/** Longest wait between two tries, whatever the server asks. */
const MAX_DELAY_MS = 15_000;

/** A refusal worth sending again unchanged: no answer at all, or the server busy or briefly away (503). */
export function isBusyOrOffline(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 503);
}

/**
 * React Query's `retry` and `retryDelay` for a request that may be sent again as it is (a
 * submission, a start: the server answers the same attempt): up to `tries` more times while the
 * server is busy or unreachable, each after the `Retry-After` it gave (jittered by the server), or
 * a growing wait when it gave none.
 */
export function retryWhileBusy(tries: number) {
  return {
    retry: (failureCount: number, error: unknown) => failureCount < tries && isBusyOrOffline(error),
    retryDelay: (failureCount: number, error: unknown) => {
      const asked = isApiError(error) ? error.retryAfterSeconds : null;
      const ms = asked !== null && asked > 0 ? asked * 1000 : 1000 * 2 ** Math.min(failureCount, 4);
      return Math.min(ms, MAX_DELAY_MS);
    },
  };
}
