import { AppError } from './errors.js';

/** How many heavy requests run at once in this process, and how long and how many may wait for a turn. */
export type AdmissionSettings = { inFlight: number; queueWaitMs: number; queueMax: number };

export type AdmissionUse = { running: number; queued: number; refused: number };

/** Frees a turn; a second call does nothing. */
export type Release = () => void;

/**
 * What a heavy request is, in the order turns go to them: a candidate waiting to begin the exam, then
 * one handing it in, then a result or review read again. A free turn goes to the first waiting
 * request of the highest kind; within a kind, in arrival order.
 */
export const HEAVY_KINDS = ['start', 'submit', 'read'] as const;
export type HeavyKind = (typeof HEAVY_KINDS)[number];

type Waiter = { grant: (release: Release) => void; refuse: (err: AppError) => void; timer: NodeJS.Timeout; gone: boolean; rank: number };

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
 * at most `inFlight` run at once, the rest wait, ranked by kind (`HEAVY_KINDS`) and then in arrival
 * order, so a crowd handing in or reading results never keeps a candidate from beginning. A request
 * that would wait past `queueWaitMs` is refused with `serverBusy`, before it has touched the
 * database; one that finds `queueMax` already waiting is refused at once, unless a waiter of a lower
 * kind is there, which is refused in its place. So past capacity the admitted ones finish in time
 * and the others are told quickly to come back, rather than every one of them queueing statement by
 * statement for the database's connections until all time out.
 */
export class Admission {
  readonly #settings: AdmissionSettings;
  /** One queue per kind, highest first. */
  readonly #queues: Waiter[][] = HEAVY_KINDS.map(() => []);
  #queued = 0;
  #running = 0;
  #refused = 0;

  constructor(settings: AdmissionSettings) {
    this.#settings = settings;
  }

  use(): AdmissionUse {
    return { running: this.#running, queued: this.#queued, refused: this.#refused };
  }

  /**
   * A turn for a request of this kind: resolves with its release once the request may run, or
   * rejects with `serverBusy`. `signal` aborted while waiting (the client went away) gives the place up.
   */
  acquire(kind: HeavyKind, signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(serverBusy());
    const rank = HEAVY_KINDS.indexOf(kind);
    if (this.#running < this.#settings.inFlight && this.#queued === 0) return Promise.resolve(this.#grant());
    if (this.#settings.queueWaitMs === 0) return Promise.reject(this.#refuse());
    if (this.#queued >= this.#settings.queueMax) {
      const displaced = this.#lastBelow(rank);
      if (!displaced) return Promise.reject(this.#refuse());
      this.#leave(displaced, true);
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        refuse: reject,
        gone: false,
        rank,
        timer: setTimeout(() => this.#leave(waiter, true), this.#settings.queueWaitMs),
      };
      this.#queues[rank]!.push(waiter);
      this.#queued += 1;
      signal?.addEventListener('abort', () => this.#leave(waiter, false), { once: true });
    });
  }

  /** Runs `work` in a turn for its kind, released however it ends. */
  async run<T>(kind: HeavyKind, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(kind, signal);
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
    while (this.#running < this.#settings.inFlight && this.#queued > 0) {
      const waiter = this.#queues.find((queue) => queue.length > 0)!.shift()!;
      this.#queued -= 1;
      clearTimeout(waiter.timer);
      waiter.gone = true;
      waiter.grant(this.#grant());
    }
  }

  /** The latest arrival among the waiters of the lowest kind below `rank`, if any. */
  #lastBelow(rank: number): Waiter | undefined {
    for (let r = this.#queues.length - 1; r > rank; r -= 1) {
      const queue = this.#queues[r]!;
      if (queue.length > 0) return queue[queue.length - 1];
    }
    return undefined;
  }

  /** Out of the queue: timed out or displaced (a refusal, counted) or its client gone (nobody to answer). */
  #leave(waiter: Waiter, refused: boolean): void {
    if (waiter.gone) return;
    waiter.gone = true;
    clearTimeout(waiter.timer);
    const queue = this.#queues[waiter.rank]!;
    queue.splice(queue.indexOf(waiter), 1);
    this.#queued -= 1;
    waiter.refuse(refused ? this.#refuse() : serverBusy());
  }

  #refuse(): AppError {
    this.#refused += 1;
    return serverBusy();
  }
}
