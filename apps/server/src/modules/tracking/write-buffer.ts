/** Past this many spent slots at the front, the array is cut down rather than shifted one by one. */
const COMPACT_AFTER = 1024;

/**
 * Items waiting to be written, oldest first, never more than `capacity` held in memory, counting
 * those taken out and being written. A new item past the capacity makes room by dropping the oldest
 * waiting one (the newest when every held item is being written); drops are counted.
 */
export class WriteBuffer<T> {
  #items: (T | undefined)[] = [];
  #head = 0;
  #inFlight = 0;
  #dropped = 0;

  constructor(readonly capacity: number) {}

  /** Items waiting, not counting those being written. */
  get waiting(): number {
    return this.#items.length - this.#head;
  }

  /** Items held in memory: waiting, and taken out but not yet settled. */
  get held(): number {
    return this.waiting + this.#inFlight;
  }

  push(item: T): void {
    if (this.waiting + this.#inFlight >= this.capacity) {
      this.#dropped += 1;
      if (this.waiting === 0) return;
      this.#items[this.#head] = undefined;
      this.#head += 1;
    }
    this.#items.push(item);
    if (this.#head > COMPACT_AFTER && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Takes every waiting item out to be written; they keep their room until settled or put back. */
  takeAll(): T[] {
    const taken = this.#items.slice(this.#head) as T[];
    this.#items = [];
    this.#head = 0;
    this.#inFlight += taken.length;
    return taken;
  }

  /** `n` taken items are done with: written, or given up on. */
  settle(n: number): void {
    this.#inFlight -= n;
  }

  /** Taken items that could not be written go back in front of the waiting ones, oldest first. */
  putBack(items: T[]): void {
    this.#inFlight -= items.length;
    this.#items = items.concat(this.#items.slice(this.#head) as T[]);
    this.#head = 0;
  }

  /** How many items were dropped since the last call. */
  takeDropped(): number {
    const n = this.#dropped;
    this.#dropped = 0;
    return n;
  }
}
