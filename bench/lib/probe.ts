import { HarnessError } from './server.js';

/** Every PROBE_EVERY_MS. */
export const PROBE_EVERY_MS = 20;

/**
 * Open-loop probe: one GET every PROBE_EVERY_MS whether or not the previous ones were answered, each
 * timed from when it was due. autocannon's closed loop sends nothing more on a connection that
 * waits, so a server stalled for seconds shows as a handful of slow requests and barely moves its
 * p99 (coordinated omission); the probe's p99 shows the stall. `stop` answers the times, ascending.
 */
export function probe(url: string, headers: Record<string, string>): { stop: () => Promise<number[]> } {
  const pending: Promise<number>[] = [];
  const timer = setInterval(() => {
    const due = performance.now();
    const timed = fetch(url, { headers }).then(async (res) => {
      await res.arrayBuffer();
      if (res.status !== 200) throw new HarnessError(`the probe of ${url} answered ${res.status}`);
      return performance.now() - due;
    });
    // A failure is reported by stop, not as an unhandled rejection that ends the harness first.
    timed.catch(() => undefined);
    pending.push(timed);
  }, PROBE_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return (await Promise.all(pending)).sort((a, b) => a - b);
    },
  };
}

/** The q-quantile of ascending values. */
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
