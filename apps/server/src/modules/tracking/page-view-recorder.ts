import { setImmediate as letRequestsThrough } from 'node:timers/promises';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { NewPageViewRow } from './tracking.table.js';
import { createIpLookup, type IpLookup } from './ip-lookup.js';
import { addAnonymousViews, insertPageViews, ROWS_PER_INSERT } from './tracking.repo.js';

/**
 * Collects page views in memory and writes them in batches: every `flushIntervalMs`, or as soon as
 * `batchSize` are waiting, one multi-row insert; whatever is waiting is written on close. Each
 * server process has its own recorder; they share nothing but the database, so several processes
 * against PostgreSQL each write their own batches (DESIGN.md §6).
 */
export type PageViewRecorder = {
  /** Queues a page view; its place (city, country…) is looked up from `ip` when it is written. */
  record(row: NewPageViewRow): void;
  /** Counts one anonymous page view on `day`. */
  countAnonymous(day: string): void;
  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is waiting. */
  close(): Promise<void>;
};

export type RecorderOptions = {
  db: Db;
  lookup: IpLookup | null;
  batchSize: number;
  flushIntervalMs: number;
  /** Page views held at most while the database is slow or away; more are dropped, and said so in the log. */
  maxQueued?: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/** How many times a batch the database refused is offered again before it is dropped. */
const MAX_TRIES = 3;
const LOOKUPS_AT_ONCE = 8;
/**
 * better-sqlite3 writes synchronously, so a batch goes in slices of one INSERT each with the event
 * loop let through between them: requests waiting meanwhile are answered after one slice, not after
 * the whole batch (the p99 of the tracking benchmark).
 */
const ROWS_PER_WRITE = ROWS_PER_INSERT;

type Queued = { row: NewPageViewRow; tries: number };

/** Fills in city, region, country, organisation and VPN flag of each row with a public IP. */
async function placeRows(rows: NewPageViewRow[], lookup: IpLookup): Promise<void> {
  const ips = [...new Set(rows.map((r) => r.ip).filter((ip): ip is string => Boolean(ip)))];
  const places = new Map<string, Awaited<ReturnType<IpLookup>>>();
  for (let i = 0; i < ips.length; i += LOOKUPS_AT_ONCE) {
    const batch = ips.slice(i, i + LOOKUPS_AT_ONCE);
    const found = await Promise.all(batch.map((ip) => lookup(ip)));
    batch.forEach((ip, k) => places.set(ip, found[k] ?? null));
  }
  for (const row of rows) {
    const place = row.ip ? places.get(row.ip) : null;
    if (!place) continue;
    row.city = place.city;
    row.region = place.region;
    row.country = place.country;
    row.org = place.org;
    row.is_vpn = place.isVpn === null ? null : Number(place.isVpn);
  }
}

export function createPageViewRecorder({ db, lookup, batchSize, flushIntervalMs, maxQueued = 50_000, log }: RecorderOptions): PageViewRecorder {
  let queue: Queued[] = [];
  let anonymous = new Map<string, number>();
  let writing: Promise<void> | undefined;
  let dropped = 0;

  async function writeOut(): Promise<void> {
    const batch = queue;
    const counts = anonymous;
    queue = [];
    anonymous = new Map();
    const rows = batch.map((q) => q.row);
    let written = 0;
    try {
      if (lookup) await placeRows(rows, lookup);
      for (; written < rows.length; written += ROWS_PER_WRITE) {
        if (written > 0) await letRequestsThrough();
        await insertPageViews(db, rows.slice(written, written + ROWS_PER_WRITE));
      }
    } catch (err) {
      const again = batch
        .slice(written)
        .filter((q) => q.tries + 1 < MAX_TRIES)
        .map((q) => ({ row: q.row, tries: q.tries + 1 }));
      queue = again.concat(queue).slice(0, maxQueued);
      log?.error({ err, rows: rows.length - written, requeued: again.length }, 'writing page views failed');
    }
    try {
      await addAnonymousViews(db, counts);
    } catch (err) {
      for (const [day, n] of counts) anonymous.set(day, (anonymous.get(day) ?? 0) + n);
      log?.error({ err }, 'counting anonymous page views failed');
    }
    if (dropped > 0) {
      log?.warn({ dropped }, 'page views dropped: too many were waiting to be written');
      dropped = 0;
    }
  }

  async function flush(): Promise<void> {
    while (writing) await writing;
    if (queue.length === 0 && anonymous.size === 0) return;
    writing = writeOut().finally(() => {
      writing = undefined;
    });
    await writing;
  }

  const startFlush = () => {
    flush().catch((err: unknown) => log?.error({ err }, 'writing page views failed'));
  };
  const timer = setInterval(startFlush, flushIntervalMs);
  timer.unref();

  return {
    record(row) {
      if (queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.push({ row, tries: 0 });
      if (queue.length >= batchSize && !writing) startFlush();
    },
    countAnonymous(day) {
      anonymous.set(day, (anonymous.get(day) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
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
    ...(log ? { log } : {}),
  });
}
