import type { DialectAdapter } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { UserRow } from './users.table.js';

/**
 * The users the sign-in guard loaded in the last half second, by id, so that a burst of requests
 * from one account (a page's several calls, an exam screen's saves) reads its row once. The bound is
 * what a revocation may take to be seen: a sign-out or password change made by another process (they
 * share PostgreSQL) is refused here within FRESH_MS; one made by this process, and any change of the
 * row through users.repo, drops the entry at once. Measured on the monotonic clock, never the
 * injected one, so a test's frozen clock cannot keep an entry alive.
 */
const FRESH_MS = 500;
const MAX_ENTRIES = 10_000;

type Cache = {
  entries: Map<string, { row: UserRow; readAt: number }>;
  /** Moved on by every forget: a read that was under way when a row changed is not kept. */
  changes: number;
};

/**
 * Per database handle, as each process has its own: tests opening a second handle see a second
 * process. Found through the handle's adapter, which every transaction opened on the handle shares,
 * so a change made inside a transaction drops the entry of the handle it runs on.
 */
const byHandle = new WeakMap<DialectAdapter, Cache>();

function cacheOf(db: Executor): Cache {
  const adapter = db.getExecutor().adapter;
  let cache = byHandle.get(adapter);
  if (!cache) byHandle.set(adapter, (cache = { entries: new Map(), changes: 0 }));
  return cache;
}

export async function recentUser(db: Executor, id: string, read: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
  const cache = cacheOf(db);
  const { entries } = cache;
  const now = performance.now();
  const hit = entries.get(id);
  if (hit && now - hit.readAt < FRESH_MS) return hit.row;
  const seen = cache.changes;
  const row = await read();
  if (hit) entries.delete(id);
  if (row && seen === cache.changes) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(id, { row, readAt: now });
  }
  return row;
}

/** Drops the user's entry on this database handle: their row is being changed. */
export function forgetUser(db: Executor, id: string): void {
  const cache = byHandle.get(db.getExecutor().adapter);
  if (!cache) return;
  cache.changes += 1;
  cache.entries.delete(id);
}
