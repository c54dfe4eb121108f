import { setImmediate as letRequestsThrough } from 'node:timers/promises';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { NewPageViewRow } from './tracking.table.js';
import { createIpLookup, type IpLookup } from './ip-lookup.js';
import { addAnonymousViews, insertPageViews, ROWS_PER_INSERT } from './tracking.repo.js';
import { WriteBuffer } from './write-buffer.js';

/**
 * Collects page views in memory and writes them in batches: every `flushIntervalMs`, or as soon as
 * `batchSize` are waiting, one multi-row insert; whatever is waiting is written on close. While the
 * database is unavailable they wait in memory, up to `bufferMax`, and writing is tried again after a
 * delay growing to RETRY_MAX_MS; past the bound the oldest are dropped, and the count is logged. Each
 * server process has its own recorder; they share nothing but the database, so several processes
 * against PostgreSQL each write their own batches (docs/PRODUCT.md §9).
 */
export type PageViewRecorder = {
  /** Queues a page view; its place (city, country…) is looked up from `ip` when it is written. */
  record(row: NewPageViewRow): void;
  /** Counts one anonymous page view on `day`. */
  countAnonymous(day: string): void;
  /** Writes everything queued so far; resolves when it is stored, or kept for a later try when the database is unavailable. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is waiting. */
  close(): Promise<void>;
  /** Page views held in memory now, waiting or being written (at most `bufferMax`). */
  held(): number;
};

export type RecorderOptions = {
  db: Db;
  lookup: IpLookup | null;
  batchSize: number;
  flushIntervalMs: number;
  /**
   * Page views held in memory at most, waiting or being written: while the database is away they
   * are kept and written when it is back; past this bound the oldest are dropped, counted and
   * logged.
   */
  bufferMax?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/**
 * How many times a batch the database refused (for a reason other than being unavailable) is
 * offered again before it is dropped: such a batch would otherwise block every later page view.
 */
const MAX_TRIES = 3;
/** While the database is unavailable, writes are tried again after a delay doubling up to this. */
const RETRY_MAX_MS = 5000;
const LOOKUPS_AT_ONCE = 8;
/**
 * better-sqlite3 writes synchronously, so a batch goes in slices of one INSERT each with the event
 * loop let through between them: requests waiting meanwhile are answered after one slice, not after
 * the whole batch (the p99 of the tracking benchmark).
 */
const ROWS_PER_WRITE = ROWS_PER_INSERT;

type Queued = { row: NewPageViewRow; tries: number; placed: boolean };

/** Fills in city, region, country, organisation and VPN flag of each row with a public IP, once per row. */
async function placeRows(entries: Queued[], lookup: IpLookup): Promise<void> {
  const unplaced = entries.filter((e) => !e.placed);
  const ips = [...new Set(unplaced.map((e) => e.row.ip).filter((ip): ip is string => Boolean(ip)))];
  const places = new Map<string, Awaited<ReturnType<IpLookup>>>();
  for (let i = 0; i < ips.length; i += LOOKUPS_AT_ONCE) {
    const batch = ips.slice(i, i + LOOKUPS_AT_ONCE);
    const found = await Promise.all(batch.map((ip) => lookup(ip)));
    batch.forEach((ip, k) => places.set(ip, found[k] ?? null));
  }
  for (const entry of unplaced) {
    entry.placed = true;
    const row = entry.row;
    const place = row.ip ? places.get(row.ip) : null;
    if (!place) continue;
    row.city = place.city;
    row.region = place.region;
    row.country = place.country;
    row.org = place.org;
    row.is_vpn = place.isVpn === null ? null : Number(place.isVpn);
  }
}

export function createPageViewRecorder({ db, lookup, batchSize, flushIntervalMs, bufferMax = 50_000, log }: RecorderOptions): PageViewRecorder {
  const buffer = new WriteBuffer<Queued>(bufferMax);
  let anonymous = new Map<string, number>();
  let writing: Promise<void> | undefined;
  let droppedSinceStart = 0;
  /** While the database is unavailable: when the outage began, the current delay, and when to try next. */
  let outageSince: number | undefined;
  let retryDelayMs = 0;
  let retryAt = 0;

  /** Taken page views that were not written go back to wait, unless the database refused them too often. */
  function requeue(unwritten: Queued[], err: unknown): void {
    if (isDatabaseUnavailable(err)) return buffer.putBack(unwritten);
    const again = unwritten.filter((q) => q.tries + 1 < MAX_TRIES);
    for (const q of again) q.tries += 1;
    const givenUp = unwritten.length - again.length;
    buffer.settle(givenUp);
    buffer.putBack(again);
    droppedSinceStart += givenUp;
    log?.error({ err, dropped: givenUp, requeued: again.length, droppedSinceStart }, 'writing page views failed');
  }

  function failed(err: unknown): void {
    if (!isDatabaseUnavailable(err)) return;
    retryDelayMs = Math.min(Math.max(retryDelayMs * 2, flushIntervalMs), RETRY_MAX_MS);
    retryAt = Date.now() + retryDelayMs;
    if (outageSince !== undefined) return;
    outageSince = Date.now();
    log?.warn({ err, waiting: buffer.waiting, bufferMax }, 'database unavailable: page views are kept in memory and written when it is back');
  }

  function succeeded(written: number): void {
    if (outageSince === undefined) return;
    log?.info({ written, outageMs: Date.now() - outageSince }, 'database back: the page views kept meanwhile are written');
    outageSince = undefined;
    retryDelayMs = 0;
    retryAt = 0;
  }

  function reportDrops(): void {
    const dropped = buffer.takeDropped();
    if (dropped === 0) return;
    droppedSinceStart += dropped;
    log?.warn({ dropped, droppedSinceStart, bufferMax }, 'page views dropped: more were waiting to be written than TRACKING_BUFFER_MAX');
  }

  async function writeOut(): Promise<void> {
    const entries = buffer.takeAll();
    const counts = anonymous;
    anonymous = new Map();
    let failure: unknown;
    let written = 0;
    try {
      if (lookup) await placeRows(entries, lookup);
      for (; written < entries.length; written += ROWS_PER_WRITE) {
        if (written > 0) await letRequestsThrough();
        const slice = entries.slice(written, written + ROWS_PER_WRITE);
        await insertPageViews(db, slice.map((q) => q.row));
        buffer.settle(slice.length);
      }
    } catch (err) {
      failure = err;
      requeue(entries.slice(written), err);
    }
    const keepCounts = () => {
      for (const [day, n] of counts) anonymous.set(day, (anonymous.get(day) ?? 0) + n);
    };
    // With the database away, the counts wait for the next try without costing another refusal.
    if (failure !== undefined && isDatabaseUnavailable(failure)) keepCounts();
    else {
      try {
        await addAnonymousViews(db, counts);
      } catch (err) {
        keepCounts();
        if (!isDatabaseUnavailable(err)) log?.error({ err }, 'counting anonymous page views failed');
        failure ??= err;
      }
    }
    if (failure === undefined) succeeded(entries.length);
    else failed(failure);
  }

  async function flush(): Promise<void> {
    while (writing) await writing;
    if (buffer.waiting === 0 && anonymous.size === 0) return;
    writing = writeOut().finally(() => {
      writing = undefined;
    });
    await writing;
  }

  const startFlush = () => {
    if (writing || Date.now() < retryAt) return;
    flush().catch((err: unknown) => log?.error({ err }, 'writing page views failed'));
  };
  const timer = setInterval(() => {
    reportDrops();
    startFlush();
  }, flushIntervalMs);
  timer.unref();

  return {
    record(row) {
      buffer.push({ row, tries: 0, placed: false });
      if (buffer.waiting >= batchSize) startFlush();
    },
    countAnonymous(day) {
      anonymous.set(day, (anonymous.get(day) ?? 0) + 1);
    },
    flush,
    held: () => buffer.held,
    async close() {
      clearInterval(timer);
      await flush();
      reportDrops();
      const lost = buffer.waiting;
      if (lost > 0 || anonymous.size > 0) log?.warn({ lost, anonymousDays: anonymous.size }, 'page views not written before shutdown: the database is unavailable');
    },
  };
}

/** The recorder the configuration asks for, looking places up when IP_LOOKUP_URL is set. */
export function recorderFromConfig(tracking: Config['tracking'], db: Db, log?: RecorderOptions['log']): PageViewRecorder {
  return createPageViewRecorder({
    db,
    lookup: tracking.ipLookup ? createIpLookup(tracking.ipLookup) : null,
    batchSize: tracking.batchSize,
    flushIntervalMs: tracking.flushIntervalMs,
    bufferMax: tracking.bufferMax,
    ...(log ? { log } : {}),
  });
}
