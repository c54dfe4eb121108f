/**
 * The server's clock as seen from this device. Every answer carries the server's time; the offset
 * between it and the device's clock is taken from each one (against the middle of the round trip,
 * where the server most likely read its clock), so a device clock that is wrong, or changed during
 * the test, never shortens or stretches the countdown.
 */
export class ServerClock {
  #offset = 0;
  #listeners = new Set<() => void>();

  /** Takes the offset from one response: the server's time, and when the request left and the answer came. */
  sample(serverTime: string, sentAt: number, receivedAt: number): void {
    const server = Date.parse(serverTime);
    if (Number.isNaN(server)) return;
    this.#offset = server - (sentAt + receivedAt) / 2;
    for (const listener of this.#listeners) listener();
  }

  /** Server time − device time, in milliseconds. */
  get offset(): number {
    return this.#offset;
  }

  /** The server's time now, in epoch milliseconds. */
  now(): number {
    return Date.now() + this.#offset;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

/** "1:05:09" or "04:59" for a time left; never negative. Whole seconds, rounded up, so 0:00 means none left. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
