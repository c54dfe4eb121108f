import type { DeviceRecord, DeviceStore } from './device-store';

/**
 * Writes an attempt's device record, one write at a time: a record handed over while a write runs
 * waits, and only the newest of those is written next.
 */
export class RecordWriter {
  #store: DeviceStore;
  #attemptId: string;
  #unwritten: DeviceRecord | null = null;
  #running = false;
  /** Resolves once every record handed over so far is written. */
  written: Promise<void> = Promise.resolve();

  constructor(store: DeviceStore, attemptId: string) {
    this.#store = store;
    this.#attemptId = attemptId;
  }

  write(record: DeviceRecord): void {
    this.#unwritten = record;
    if (!this.#running) this.written = this.#run();
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (this.#unwritten) {
        const record = this.#unwritten;
        this.#unwritten = null;
        await this.#store.save(this.#attemptId, record).catch(() => undefined);
      }
    } finally {
      this.#running = false;
    }
  }
}
