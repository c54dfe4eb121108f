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

const entries = new Map<string, { row: UserRow; readAt: number }>();
// Moved on by every forget: a read that was under way when a row changed is not kept.
let changes = 0;

export async function recentUser(id: string, read: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
  const now = performance.now();
  const hit = entries.get(id);
  if (hit && now - hit.readAt < FRESH_MS) return hit.row;
  const seen = changes;
  const row = await read();
  if (hit) entries.delete(id);
  if (row && seen === changes) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(id, { row, readAt: now });
  }
  return row;
}

/** Drops the user's entry: their row is being changed. */
export function forgetUser(id: string): void {
  changes += 1;
  entries.delete(id);
}
