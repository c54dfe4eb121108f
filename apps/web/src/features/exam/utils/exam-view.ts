import type { Attempt, AttemptView, QuestionLanguage } from '@abhyas/contracts';
import { isApiError } from '@/lib/api-error';
import type { ViewRecord, ViewStore } from './device-store';

export interface ViewDeps {
  /** Sends the whole view and resolves with the server's time of its answer; rejects with an ApiError. */
  send: (view: AttemptView) => Promise<string>;
  store: ViewStore;
  /** Waits between tries after a failed send, in milliseconds; the last one repeats. */
  retryDelays?: readonly number[];
}

export interface ViewSnapshot {
  view: AttemptView;
  /** Whether the last change waits on this device for the server. */
  unsent: boolean;
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

/**
 * The languages one attempt is read in on this device: the default and each question switched with
 * "View In". A change shows at once, is kept on the device and sent to the server (the whole view:
 * the last change wins), again and again through a lost connection until the server has it, so a
 * reload or the connection's return loses nothing. While nothing waits, the server's view is taken
 * from every answer (another device's change, a takeover); once another device writes, or the
 * attempt is submitted, a change not yet sent is given up for the server's.
 */
export class ExamView {
  readonly attemptId: string;
  #deps: ViewDeps;
  #view: AttemptView;
  #unsent = false;
  #writer = false;
  #sending = false;
  #failures = 0;
  /** The server's time when it last took a change from this device: an attempt read before then has an older view. */
  #ackedAt = Number.NEGATIVE_INFINITY;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  #writing: Promise<void> = Promise.resolve();
  #listeners = new Set<() => void>();
  #snapshot: ViewSnapshot;

  private constructor(attempt: Attempt, deps: ViewDeps) {
    this.attemptId = attempt.id;
    this.#deps = deps;
    this.#view = attempt.view;
    this.#snapshot = { view: this.#view, unsent: false };
  }

  /** Opens the attempt's view: a change this device has not sent yet wins over the server's. */
  static async open(attempt: Attempt, deps: ViewDeps): Promise<ExamView> {
    const view = new ExamView(attempt, deps);
    const record = await deps.store.load(attempt.id).catch(() => undefined);
    if (record?.unsent) {
      view.#view = record.view;
      view.#unsent = true;
    }
    view.merge(attempt);
    return view;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ViewSnapshot => this.#snapshot;

  /** Takes in the attempt as the server has it now (a load, a re-sync, a takeover). */
  merge(attempt: Attempt): void {
    this.#writer = attempt.status === 'open' && attempt.writer === 'this';
    const stale = this.#writer && Date.parse(attempt.serverTime) < this.#ackedAt;
    if (!this.#writer || (!this.#unsent && !stale)) {
      this.#view = attempt.view;
      this.#unsent = false;
    }
    if (attempt.status !== 'open') {
      this.#publish();
      void this.forget();
      return;
    }
    this.#changed();
    this.flush();
  }

  /** Every question in `language`: the default changes and each question's own choice is cleared. */
  setDefault(language: QuestionLanguage): void {
    this.#set({ language, questions: {} });
  }

  /** One question in `language` ("View In"); the default's language needs no choice of its own. */
  setQuestion(questionId: string, language: QuestionLanguage): void {
    const { [questionId]: _old, ...others } = this.#view.questions;
    this.#set({ language: this.#view.language, questions: language === this.#view.language ? others : { ...others, [questionId]: language } });
  }

  /** Sends a change still waiting (the connection or the tab came back), without waiting for the next try. */
  flush = (): void => {
    if (this.#disposed || !this.#unsent || !this.#writer || this.#sending) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    void this.#send();
  };

  /** Forgets the attempt's view on this device (once it is submitted). */
  async forget(): Promise<void> {
    this.dispose();
    await this.#writing;
    await this.#deps.store.remove(this.attemptId).catch(() => undefined);
  }

  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#retryTimer);
    this.#listeners.clear();
  }

  #set(view: AttemptView): void {
    if (this.#disposed) return;
    this.#view = view;
    // A device that does not write shows the change but cannot keep it: the server's view returns with the next answer.
    this.#unsent = this.#writer;
    this.#changed();
    this.flush();
  }

  async #send(): Promise<void> {
    this.#sending = true;
    const sent = this.#view;
    try {
      this.#ackedAt = Date.parse(await this.#deps.send(sent));
      this.#failures = 0;
      if (this.#view === sent) this.#unsent = false;
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) {
        // Refused for good (another device writes, the attempt closed): the server's view comes back with the attempt.
        if (this.#view === sent) this.#unsent = false;
      } else {
        const delays = this.#deps.retryDelays ?? DEFAULT_RETRY_DELAYS;
        const delay = delays[Math.min(this.#failures, delays.length - 1)] ?? 30_000;
        this.#failures += 1;
        if (!this.#disposed) this.#retryTimer = setTimeout(this.flush, delay);
        return;
      }
    } finally {
      this.#sending = false;
      this.#changed();
    }
    // Changed again while this one was on its way: the newer one goes now.
    this.flush();
  }

  #publish(): void {
    if (this.#disposed) return;
    if (this.#snapshot.view !== this.#view || this.#snapshot.unsent !== this.#unsent) this.#snapshot = { view: this.#view, unsent: this.#unsent };
    for (const listener of this.#listeners) listener();
  }

  /** Publishes the view and keeps it on the device, one write after another. */
  #changed(): void {
    if (this.#disposed) return;
    this.#publish();
    const record: ViewRecord = { view: this.#view, unsent: this.#unsent };
    this.#writing = this.#writing.then(() => this.#deps.store.save(this.attemptId, record)).catch(() => undefined);
  }
}
