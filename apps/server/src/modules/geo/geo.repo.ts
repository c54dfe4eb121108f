import type { Executor } from '../../db/index.js';
import type { GeoCacheTable } from './geo.table.js';

const SLOT = 'geocoder_next_at';

/** A cached answer for rounded coordinates, if it was fetched at or after `freshSince`. */
export async function findCachedAddress(db: Executor, key: string, freshSince: number) {
  return db.selectFrom('geo_cache').select(['suburb', 'city', 'postcode', 'found']).where('key', '=', key).where('fetched_at', '>=', freshSince).executeTakeFirst();
}

/** Stores (or refreshes) the answer for rounded coordinates. */
export async function saveCachedAddress(db: Executor, row: GeoCacheTable): Promise<void> {
  const { key: _key, ...fields } = row;
  await db
    .insertInto('geo_cache')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet(fields))
    .execute();
}

/** Drops answers fetched before `before`. */
export async function pruneGeoCache(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('geo_cache').where('fetched_at', '<', before).execute();
}

/**
 * Claims the next upstream slot with one conditional update: it succeeds for exactly one caller,
 * whichever process it runs in, once the previous slot has passed. Answers 0 when claimed, else
 * how many milliseconds remain until the slot frees.
 */
export async function claimUpstreamSlot(db: Executor, now: number, intervalMs: number): Promise<number> {
  const claimed = await db.updateTable('app_counters').set({ value: now + intervalMs }).where('name', '=', SLOT).where('value', '<=', now).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) return 0;
  const row = await db.selectFrom('app_counters').select('value').where('name', '=', SLOT).executeTakeFirst();
  return row ? Math.max(1, Number(row.value) - now) : 0;
}
