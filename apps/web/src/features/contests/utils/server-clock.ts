import { useSyncExternalStore } from 'react';

/**
 * The server's clock as seen from this device, for countdowns to a contest's start: contest
 * answers carry the server's time only in the HTTP `Date` header, to the second, so the offset is
 * taken from it against the middle of the round trip. Without that header the device's clock is used.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

/** Takes the offset from one response's `Date` header; ignored when absent or unreadable. */
export function sampleServerClock(response: Pick<Response, 'headers'>, timing: { sentAt: number; receivedAt: number }): void {
  const header = response.headers.get('date');
  const server = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(server)) return;
  // The header is truncated to the second: half a second is the best guess of what was cut.
  offsetMs = server + 500 - (timing.sentAt + timing.receivedAt) / 2;
  for (const listener of listeners) listener();
}

/** The server's time now, in epoch milliseconds. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Forgets the offset (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
}

/** The server's time, in whole seconds (rounded up, so a countdown never shows a second too many), re-rendering every second (and when the offset is corrected). */
export function useServerSeconds(): number {
  return useSyncExternalStore(
    (onChange) => {
      const timer = setInterval(onChange, 1000);
      listeners.add(onChange);
      return () => {
        clearInterval(timer);
        listeners.delete(onChange);
      };
    },
    () => Math.ceil(serverNow() / 1000),
    () => Math.ceil(serverNow() / 1000),
  );
}
