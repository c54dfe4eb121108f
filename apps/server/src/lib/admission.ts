import { AppError } from './errors.js';

/** How many heavy requests run at once in this process, and how long and how many may wait for a turn. */
export type AdmissionSettings = { inFlight: number; queueWaitMs: number; queueMax: number };

export type AdmissionUse = { running: number; queued: number; refused: number };

/** Frees a turn; a second call does nothing. */
export type Release = () => void;

type Waiter = { grant: (release: Release) => void; refuse: (err: AppError) => void; timer: NodeJS.Timeout; gone: boolean };

/** The shortest and longest wait a refused client is asked for, in seconds: spread so their retries do not arrive together. */
const RETRY_AFTER_MIN_S = 2;
const RETRY_AFTER_MAX_S = 6;

export const SERVER_BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

/** A 503 asking the client to come back in a few seconds, jittered so a crowd's retries spread out. */
export function serverBusy(random: () => number = Math.random): AppError {
  const seconds = RETRY_AFTER_MIN_S + Math.floor(random() * (RETRY_AFTER_MAX_S - RETRY_AFTER_MIN_S + 1));
  return new AppError('SERVICE_UNAVAILABLE', 503, SERVER_BUSY_MESSAGE, undefined, { 'retry-after': String(seconds) });
}

/**
 * Admission for the requests that run dozens of statements (a start, a submission, a result):
 * at most `inFlight` run at once, the rest wait in arrival order. A request that would wait past
 * `queueWaitMs`, or find `queueMax` already waiting, is refused at once with `serverBusy`, before it
 * has touched the database; so past capacity the admitted ones finish in time and the others are
 * told quickly to come back, rather than every one of them queueing statement by statement for the
 * database's connections until all time out.
 */
export class Admission {
  readonly #settings: AdmissionSettings;
  readonly #queue: Waiter[] = [];
  #running = 0;
  #refused = 0;

  constructor(settings: AdmissionSettings) {
    this.#settings = settings;
  }

  use(): AdmissionUse {
    return { running: this.#running, queued: this.#queue.length, refused: this.#refused };
  }

  /**
   * A turn: resolves with its release once the request may run, or rejects with `serverBusy`.
   * `signal` aborted while waiting (the client went away) gives the place up.
   */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(serverBusy());
    if (this.#running < this.#settings.inFlight && this.#queue.length === 0) return Promise.resolve(this.#grant());
    if (this.#queue.length >= this.#settings.queueMax || this.#settings.queueWaitMs === 0) return Promise.reject(this.#refuse());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        refuse: reject,
        gone: false,
        timer: setTimeout(() => this.#leave(waiter, true), this.#settings.queueWaitMs),
      };
      this.#queue.push(waiter);
      signal?.addEventListener('abort', () => this.#leave(waiter, false), { once: true });
    });
  }

  /** Runs `work` in a turn, released however it ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  #grant(): Release {
    this.#running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      this.#next();
    };
  }

  #next(): void {
    while (this.#running < this.#settings.inFlight && this.#queue.length > 0) {
      const waiter = this.#queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.gone = true;
      waiter.grant(this.#grant());
    }
  }

  /** Out of the queue: timed out (a refusal, counted) or its client gone (nobody to answer). */
  #leave(waiter: Waiter, timedOut: boolean): void {
    if (waiter.gone) return;
    waiter.gone = true;
    clearTimeout(waiter.timer);
    this.#queue.splice(this.#queue.indexOf(waiter), 1);
    waiter.refuse(timedOut ? this.#refuse() : serverBusy());
  }

  #refuse(): AppError {
    this.#refused += 1;
    return serverBusy();
  }
}
