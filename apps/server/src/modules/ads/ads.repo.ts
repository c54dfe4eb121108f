import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { AdRow, AdsTable } from './ads.table.js';

export type PublicAdRow = Pick<AdRow, 'id' | 'title' | 'image_url' | 'target_url' | 'weight'>;
const PUBLIC_COLUMNS = ['ads.id', 'ads.title', 'ads.image_url', 'ads.target_url', 'ads.weight'] as const;

/** Ads candidates can see at `now`: active, and inside their window when they have one. */
const showingAt = (now: number) => (eb: ExpressionBuilder<Database, 'ads'>) =>
  eb.and([
    eb('ads.active', '=', 1),
    eb.or([eb('ads.starts_at', 'is', null), eb('ads.starts_at', '<=', now)]),
    eb.or([eb('ads.ends_at', 'is', null), eb('ads.ends_at', '>', now)]),
  ]);

/** Rows read at most for one location; far more ads than any place has. */
const TARGETED_ROWS_MAX = 1000;

/** Showing ads that target any of `values` (a PIN code and its prefixes), with the value matched. */
export async function adsTargeting(db: Executor, values: string[], now: number) {
  return db
    .selectFrom('ad_targets')
    .innerJoin('ads', 'ads.id', 'ad_targets.ad_id')
    .select([...PUBLIC_COLUMNS, 'ad_targets.value'])
    .where('ad_targets.value', 'in', values)
    .where(showingAt(now))
    .limit(TARGETED_ROWS_MAX)
    .execute();
}

/** Showing national ads, heaviest first. */
export async function nationalAds(db: Executor, now: number, limit: number): Promise<PublicAdRow[]> {
  return db
    .selectFrom('ads')
    .select(PUBLIC_COLUMNS)
    .where('ads.national', '=', 1)
    .where(showingAt(now))
    .orderBy('ads.weight', 'desc')
    .orderBy('ads.id')
    .limit(limit)
    .execute();
}

export async function insertAd(db: Executor, row: AdsTable): Promise<void> {
  await db.insertInto('ads').values(row).execute();
}

export async function updateAdRow(db: Executor, id: string, row: Partial<AdsTable>): Promise<boolean> {
  const result = await db.updateTable('ads').set(row).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the PIN codes and prefixes an ad targets. */
export async function replaceTargets(db: Executor, adId: string, values: string[]): Promise<void> {
  await db.deleteFrom('ad_targets').where('ad_id', '=', adId).execute();
  if (values.length > 0) await db.insertInto('ad_targets').values(values.map((value) => ({ value, ad_id: adId }))).execute();
}

export async function findAdRow(db: Executor, id: string): Promise<AdRow | undefined> {
  return db.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every ad, newest first. */
export async function listAdRows(db: Executor): Promise<AdRow[]> {
  return db.selectFrom('ads').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function adIdByTitle(db: Executor, title: string): Promise<string | undefined> {
  return (await db.selectFrom('ads').select('id').where('title', '=', title).executeTakeFirst())?.id;
}

/** The targeted values of each ad. */
export async function targetsOf(db: Executor, adIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (adIds.length === 0) return found;
  const rows = await db.selectFrom('ad_targets').select(['ad_id', 'value']).where('ad_id', 'in', adIds).orderBy('value').execute();
  for (const r of rows) found.set(r.ad_id, [...(found.get(r.ad_id) ?? []), r.value]);
  return found;
}

/** Impressions and clicks of each ad, all days together. */
export async function totalsOf(db: Executor, adIds: string[]): Promise<Map<string, { impressions: number; clicks: number }>> {
  const found = new Map<string, { impressions: number; clicks: number }>();
  if (adIds.length === 0) return found;
  const rows = await db
    .selectFrom('ad_stats')
    .select((eb) => ['ad_id', eb.fn.sum<number>('impressions').as('impressions'), eb.fn.sum<number>('clicks').as('clicks')])
    .where('ad_id', 'in', adIds)
    .groupBy('ad_id')
    .execute();
  for (const r of rows) found.set(r.ad_id, { impressions: Number(r.impressions), clicks: Number(r.clicks) });
  return found;
}

/**
 * Adds one impression or click to an ad's count for `day`, by one upsert, so concurrent writers in
 * any process never lose a count. Throws a foreign-key violation for an unknown ad.
 */
export async function countAdEvent(db: Executor, adId: string, day: string, column: 'impressions' | 'clicks'): Promise<void> {
  await db
    .insertInto('ad_stats')
    .values({ ad_id: adId, day, impressions: column === 'impressions' ? 1 : 0, clicks: column === 'clicks' ? 1 : 0 })
    .onConflict((oc) => oc.columns(['ad_id', 'day']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`ad_stats.${column}`), '+', 1) })))
    .execute();
}
