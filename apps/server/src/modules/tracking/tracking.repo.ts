import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { NewPageViewRow, PageViewsTable } from './tracking.table.js';

/** Every column of page_views, in the order the INSERT lists them. */
const COLUMNS = Object.keys({
  id: true, created_at: true, day: true, path: true, referrer: true, visitor_id: true, ip: true, city: true, region: true, country: true,
  org: true, is_vpn: true, os_name: true, os_version: true, device_type: true, device_model: true, device_vendor: true,
  cpu_architecture: true, gpu_vendor: true, gpu_renderer: true, hardware_cores: true, device_memory: true, is_touch_device: true,
  browser_name: true, browser_version: true, user_agent: true, platform: true, screen_resolution: true, language: true,
  timezone: true, network_type: true, is_wifi: true, battery_level: true, is_charging: true,
} satisfies Record<keyof PageViewsTable, true>) as (keyof PageViewsTable)[];

/** Rows per INSERT (34 columns each, well within SQLite's 32,766 bound parameters). */
export const ROWS_PER_INSERT = 100;

/** The INSERT for `rows` rows in the dialect's placeholder style. */
function insertText(postgres: boolean, rows: number): string {
  let n = 0;
  const row = () => `(${COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
  return `insert into page_views (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}`;
}
// A full batch's statement is built once per dialect; a shorter last one is built when needed.
const fullInsert = { sqlite: insertText(false, ROWS_PER_INSERT), postgres: insertText(true, ROWS_PER_INSERT) };

/**
 * Writes recorded page views, a hundred rows a statement. The statement text of a full batch is
 * built once and run as it is: building it through the query builder for every batch cost as much
 * as the insert itself (the tracking benchmark's hottest path).
 */
export async function insertPageViews(db: Executor, rows: NewPageViewRow[]): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const text = chunk.length === ROWS_PER_INSERT ? fullInsert[postgres ? 'postgres' : 'sqlite'] : insertText(postgres, chunk.length);
    await db.executeQuery(CompiledQuery.raw(text, chunk.flatMap((row) => COLUMNS.map((column) => row[column] ?? null))));
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
