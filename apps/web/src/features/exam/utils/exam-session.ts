import type { Attempt, SavedAnswer } from '@abhyas/contracts';
import type { AnswerInput, DeviceStore, NotCounted, NotCountedReason, PendingSave } from './device-store';
import { RecordWriter } from './record-writer';
import { readSaveFailure } from './save-refusal';
import { buildSnapshot, type SessionSnapshot } from './session-snapshot';

export interface SessionDeps {
  /** Sends one save; rejects with an ApiError. */
  send: (save: PendingSave) => Promise<SavedAnswer>;
  store: DeviceStore;
  /** Waits between tries after a failed send, in milliseconds; the last one repeats. */
  retryDelays?: readonly number[];
  /** Whether the attempt's time has run out on the server's clock: a refusal as closed before that means it was submitted elsewhere. */
  timeUp?: () => boolean;
  /** The server's time now: each save carries when it was made, so one sent late still counts within the grace. */
  now?: () => number;
}

/** Where the attempt came from: the server's answer, or the copy kept on this device (opened offline). */
export type AttemptSource = 'server' | 'device';

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];
const MAX_TIME_MS = 24 * 3600 * 1000;

/** Why saves a submitted attempt never received do not count: the time ran out, or it was submitted before the end. */
const submittedReason = (attempt: Pick<Attempt, 'submittedAt' | 'endsAt'>): NotCountedReason =>
  attempt.submittedAt && attempt.endsAt && Date.parse(attempt.submittedAt) <= Date.parse(attempt.endsAt) ? 'submitted' : 'closed';

/**
 * One attempt's answers on this device. Every save gets the next sequence number, is written to the
 * device's store, then sent at once; saves go one at a time, in order, and stay queued through a lost
 * connection (tried again with a growing wait, and at once when the connection or the tab comes
 * back). The screen reads a snapshot: the server's answers overlaid with the saves still queued.
 * A save the server refuses because its section has closed is dropped and listed as not counted;
 * when the attempt has closed or another device has taken it over, this one stops writing and lists
 * what still waited as not counted.
 */
export class ExamSession {
  readonly attemptId: string;
  #deps: SessionDeps;
  #server = new Map<string, SavedAnswer>();
  #pending: PendingSave[] = [];
  #seq = 0;
  #notCounted: NotCounted[] = [];
  #timeMs: Record<string, number> = {};
  #numbers = new Map<string, number>();
  #position: string | null = null;
  #takenOver = false;
  #offline = false;
  #signedOut = false;
  #ended = false;
  #sending = false;
  #again = false;
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  #writer: RecordWriter;
  #listeners = new Set<() => void>();
  #snapshot: SessionSnapshot;

  private constructor(attemptId: string, deps: SessionDeps) {
    this.attemptId = attemptId;
    this.#deps = deps;
    this.#writer = new RecordWriter(deps.store, attemptId);
    this.#snapshot = this.#build();
  }

  /** Opens the attempt on this device: the server's state (or the copy this device kept) merged with whatever this device still holds. */
  static async open(attempt: Attempt, deps: SessionDeps, source: AttemptSource = 'server'): Promise<ExamSession> {
    const session = new ExamSession(attempt.id, deps);
    const record = await deps.store.load(attempt.id).catch(() => undefined);
    if (record) {
      session.#seq = record.seq;
      session.#pending = record.pending;
      session.#notCounted = record.notCounted;
      session.#timeMs = record.timeMs;
      session.#position = record.position;
    }
    session.merge(attempt, source);
    return session;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /**
   * Takes in the attempt as the server has it now (a load, a re-sync, a takeover), or as this device
   * kept it when opened without a connection: the screen then says so until the server answers.
   */
  merge(attempt: Attempt, source: AttemptSource = 'server'): void {
    this.#offline = source === 'device';
    this.#seq = Math.max(this.#seq, attempt.lastSeq);
    for (const q of attempt.questions) this.#numbers.set(q.questionId, q.number);
    // The newer of what is known and what arrived wins, so a slow GET never undoes a later save's answer.
    for (const answer of attempt.answers) this.#acceptServer(answer);
    // Saves the server already has, or has something newer than, leave the queue.
    this.#pending = this.#pending.filter((p) => p.seq > (this.#server.get(p.questionId)?.seq ?? 0));
    if (attempt.status === 'submitted') {
      this.#ended = true;
      this.#dropPending(submittedReason(attempt), '');
    } else if (attempt.writer === 'other') {
      // This device's queued saves never reached the server before the other device took over.
      if (!this.#takenOver) this.#dropPending('takenOver', '');
      this.#takenOver = true;
    }
    this.#changed();
    this.flush();
  }

  /** After "Continue here": this device writes again, from the attempt as the takeover answered it. */
  takeBack(attempt: Attempt): void {
    this.#takenOver = false;
    this.merge(attempt);
  }

  /** Records one save and sends it; false when this device may not write. */
  save(questionId: string, input: AnswerInput): boolean {
    if (this.#takenOver || this.#ended || this.#disposed) return false;
    this.#seq += 1;
    this.#pending = [...this.#pending, { ...input, optionIds: [...input.optionIds], questionId, seq: this.#seq, timeSpentMs: this.#timeMs[questionId] ?? 0, savedAt: this.#deps.now?.(), number: this.#numbers.get(questionId) }];
    this.#changed();
    void this.#writer.written.then(() => this.flush());
    return true;
  }

  /** Adds time spent on a question, sent with its next save. */
  addTime(questionId: string, ms: number): void {
    if (!(ms > 0)) return;
    this.#timeMs[questionId] = Math.min(MAX_TIME_MS, Math.round((this.#timeMs[questionId] ?? 0) + ms));
  }

  /** Remembers the question on screen, so a reload comes back to it. */
  setPosition(questionId: string): void {
    if (this.#position === questionId) return;
    this.#position = questionId;
    this.#changed();
  }

  /** Sends what is queued now (the connection or the tab came back), without waiting for the next try. */
  flush = (): void => {
    if (this.#disposed || this.#takenOver || this.#ended) return;
    if (this.#sending) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    if (this.#pending.length > 0) void this.#drain();
  };

  /** Resolves once the queue is empty, or false after `timeoutMs` with saves still waiting. */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.flush();
    while (this.#pending.length > 0 && !this.#takenOver && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.#pending.length === 0;
  }

  /** Forgets this attempt on the device (after submission, once nothing is waiting). */
  async forget(): Promise<void> {
    this.dispose();
    await this.#writer.written;
    await this.#deps.store.remove(this.attemptId);
  }

  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#retryTimer);
    this.#listeners.clear();
  }

  async #drain(): Promise<void> {
    this.#sending = true;
    try {
      while (!this.#disposed && !this.#takenOver && !this.#ended && this.#pending.length > 0) {
        const next = this.#pending[0]!;
        // A newer save of the same question makes this one moot: only the newest goes.
        if (this.#pending.some((p) => p.questionId === next.questionId && p.seq > next.seq)) {
          this.#remove(next);
          this.#changed();
          continue;
        }
        try {
          const saved = await this.#deps.send(next);
          this.#offline = false;
          this.#signedOut = false;
          this.#failures = 0;
          this.#acceptServer(saved);
          this.#remove(next);
        } catch (error) {
          if (!this.#handleFailure(next, error)) break;
        }
        this.#changed();
      }
    } finally {
      this.#sending = false;
      this.#changed();
      if (this.#again) {
        this.#again = false;
        this.flush();
      }
    }
  }

  /** Deals with a refused or failed send; true to go on with the next save, false to stop. */
  #handleFailure(save: PendingSave, error: unknown): boolean {
    const failure = readSaveFailure(error, this.#deps.timeUp);
    switch (failure.kind) {
      case 'takenOver':
        this.#takenOver = true;
        this.#dropPending('takenOver', failure.message);
        return false;
      case 'closed':
        this.#ended = true;
        this.#dropPending(failure.reason, failure.message);
        return false;
      case 'refused':
        this.#remove(save);
        this.#refuse(save, failure.reason, failure.message);
        return true;
      case 'retry': {
        this.#offline = failure.offline;
        this.#signedOut = failure.signedOut;
        const delays = this.#deps.retryDelays ?? DEFAULT_RETRY_DELAYS;
        const delay = delays[Math.min(this.#failures, delays.length - 1)] ?? 30_000;
        this.#failures += 1;
        if (!this.#disposed) this.#retryTimer = setTimeout(this.flush, delay);
        return false;
      }
    }
  }

  #acceptServer(answer: SavedAnswer): void {
    const known = this.#server.get(answer.questionId);
    if (known && known.seq > answer.seq) return;
    const { applied: _applied, ...saved } = answer as SavedAnswer & { applied?: boolean };
    this.#server.set(answer.questionId, saved);
  }

  #remove(save: PendingSave): void {
    this.#pending = this.#pending.filter((p) => p !== save);
  }

  #refuse({ questionId, number }: PendingSave, reason: NotCountedReason, message: string): void {
    this.#notCounted = [...this.#notCounted.filter((n) => n.questionId !== questionId), { questionId, reason, message, number }];
  }

  #dropPending(reason: NotCountedReason, message: string): void {
    const dropped = this.#pending;
    this.#pending = [];
    for (const save of dropped) this.#refuse(save, reason, message);
  }

  #build(): SessionSnapshot {
    return buildSnapshot(this.#server, this.#pending, {
      notCounted: this.#notCounted,
      takenOver: this.#takenOver,
      offline: this.#offline,
      signedOut: this.#signedOut,
      ended: this.#ended,
      position: this.#position,
    });
  }

  /** Publishes a new snapshot and writes the device's record. */
  #changed(): void {
    if (this.#disposed) return;
    this.#snapshot = this.#build();
    for (const listener of this.#listeners) listener();
    this.#writer.write({
      seq: this.#seq,
      pending: this.#pending,
      notCounted: this.#notCounted,
      timeMs: { ...this.#timeMs },
      position: this.#position,
    });
  }
}
