/**
 * The server's clock as seen from this device. An answer carries the server's time, in its body
 * (the exam's answers, to the millisecond) or only in the HTTP `Date` header (to the second); the
 * offset between it and the device's clock is taken from each one against the middle of the round
 * trip, where the server most likely read its clock. So a device clock that is wrong, or changed
 * meanwhile, never shortens or stretches a countdown. Before any answer the device's clock is used.
 */
export class ServerClock {
  #offset = 0;
  #listeners = new Set<() => void>();

  /** Takes the offset from one answer: the server's time, and when the request left and the answer came. */
  sample(serverTime: string, sentAt: number, receivedAt: number): void {
    const server = Date.parse(serverTime);
    if (Number.isNaN(server)) return;
    this.#set(server - (sentAt + receivedAt) / 2);
  }

  /** Takes the offset from one response's `Date` header; ignored when absent or unreadable. */
  sampleDateHeader(response: Pick<Response, 'headers'>, timing: { sentAt: number; receivedAt: number }): void {
    const header = response.headers.get('date');
    const server = header ? Date.parse(header) : Number.NaN;
    if (Number.isNaN(server)) return;
    // The header is truncated to the second: half a second is the best guess of what was cut.
    this.#set(server + 500 - (timing.sentAt + timing.receivedAt) / 2);
  }

  /** Server time − device time, in milliseconds. */
  get offset(): number {
    return this.#offset;
  }

  /** The server's time now, in epoch milliseconds. */
  now(): number {
    return Date.now() + this.#offset;
  }

  /** Forgets the offset (tests). */
  reset(): void {
    this.#offset = 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(offset: number): void {
    this.#offset = offset;
    for (const listener of this.#listeners) listener();
  }
}

/**
 * The app's clock for countdowns outside the exam screen (a contest's start), set from the `Date`
 * header of the answers that ask for it. The exam screen keeps a clock of its own per attempt.
 */
export const serverClock = new ServerClock();
