import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { NewPageViewRow, PageViewsTable } from '../../db/schema.js';

/** Rows per INSERT: 35 columns each stays well within SQLite's 32,766 bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** Writes recorded page views, at most a few hundred rows a statement. */
export async function insertPageViews(db: Executor, rows: NewPageViewRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db.insertInto('page_views').values(rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
  }
}

/** Adds anonymous page views to each day's count, whichever process counted them. */
export async function addAnonymousViews(db: Executor, counts: Map<string, number>): Promise<void> {
  if (counts.size === 0) return;
  await db
    .insertInto('page_view_stats')
    .values([...counts].map(([day, views]) => ({ dimension: 'anonymous', day, value: '', views, visitors: 0 })))
    .onConflict((oc) => oc.columns(['dimension', 'day', 'value']).doUpdateSet((eb) => ({ views: eb('page_view_stats.views', '+', eb.ref('excluded.views')) })))
    .execute();
}

/** The daily aggregates kept after raw page views are erased: the stats dimension and the raw column it counts. */
export const ROLLED_DIMENSIONS = {
  total: null,
  page: 'path',
  referrer: 'referrer',
  country: 'country',
  city: 'city',
  device: 'device_type',
  browser: 'browser_name',
  os: 'os_name',
} as const satisfies Record<string, keyof PageViewsTable | null>;
export type RolledDimension = keyof typeof ROLLED_DIMENSIONS;

/**
 * Rolls every raw page view of the days before `beforeDay` into page_view_stats (views and distinct
 * visitors per day and value), then deletes those rows, IPs and visitor ids with them. Run inside a
 * transaction: a day is either all raw or all aggregated, never both. Navigations inside the site
 * (referrer null) are not a referrer and are left out of that dimension.
 */
export async function rollUpDaysBefore(trx: Executor, beforeDay: string): Promise<number> {
  for (const [dimension, column] of Object.entries(ROLLED_DIMENSIONS) as [RolledDimension, keyof PageViewsTable | null][]) {
    const value = column ? sql<string>`coalesce(${sql.ref(column)}, '')` : sql<string>`''`;
    let source = trx
      .selectFrom('page_views')
      .select([
        'day',
        sql.lit(dimension).as('dimension'),
        value.as('value'),
        (eb) => eb.fn.countAll<number>().as('views'),
        (eb) => eb.fn.count<number>('visitor_id').distinct().as('visitors'),
      ])
      .where('day', '<', beforeDay);
    if (dimension === 'referrer') source = source.where('referrer', 'is not', null);
    await trx
      .insertInto('page_view_stats')
      .columns(['day', 'dimension', 'value', 'views', 'visitors'])
      .expression(column ? source.groupBy(['day', value]) : source.groupBy('day'))
      // A late row for a day already rolled up (clock skew between processes) adds to it.
      .onConflict((oc) =>
        oc.columns(['dimension', 'day', 'value']).doUpdateSet((eb) => ({
          views: eb('page_view_stats.views', '+', eb.ref('excluded.views')),
          visitors: eb('page_view_stats.visitors', '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
  }
  const deleted = await trx.deleteFrom('page_views').where('day', '<', beforeDay).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** An arbitrary key naming the roll-up among PostgreSQL advisory locks. */
const ROLL_UP_LOCK = 7_206_118_007;

/**
 * Makes sure one process at a time rolls page views up: on PostgreSQL a lock held until the
 * transaction ends (another process skips its turn); SQLite's writers already take turns.
 */
export async function tryRollUpLock(trx: Executor): Promise<boolean> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return true;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${ROLL_UP_LOCK}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
