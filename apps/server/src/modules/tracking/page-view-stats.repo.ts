import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { ROLLED_DIMENSIONS, type RolledDimension } from './tracking.repo.js';

/** UTC calendar days, both included. */
export type DayRange = { from: string; to: string };
export type DayCount = { day: string; views: number; visitors: number };
export type ValueCount = { value: string; views: number; visitors: number };

// A day is either still raw (page_views) or already rolled up (page_view_stats), never both, so
// each query adds the two sources together without knowing where the retention line falls.

function statsIn(db: Executor, dimension: string, range: DayRange) {
  return db.selectFrom('page_view_stats').where('dimension', '=', dimension).where('day', '>=', range.from).where('day', '<=', range.to);
}

function rawIn(db: Executor, range: DayRange) {
  return db.selectFrom('page_views').where('day', '>=', range.from).where('day', '<=', range.to);
}

/** Page views and distinct visitors per day that has any. */
export async function viewsPerDay(db: Executor, range: DayRange): Promise<DayCount[]> {
  const rolled = statsIn(db, 'total', range).select(['day', 'views', 'visitors']);
  const raw = rawIn(db, range)
    .select(['day', (eb) => eb.fn.countAll<number>().as('views'), (eb) => eb.fn.count<number>('visitor_id').distinct().as('visitors')])
    .groupBy('day');
  const rows = await db
    .selectFrom(rolled.unionAll(raw).as('u'))
    .select(['u.day', (eb) => eb.fn.sum<number>('u.views').as('views'), (eb) => eb.fn.sum<number>('u.visitors').as('visitors')])
    .groupBy('u.day')
    .execute();
  return rows.map((r) => ({ day: r.day, views: Number(r.views), visitors: Number(r.visitors) }));
}

/** Anonymous page views per day that has any. */
export async function anonymousViewsPerDay(db: Executor, range: DayRange): Promise<Map<string, number>> {
  const rows = await statsIn(db, 'anonymous', range).select(['day', 'views']).execute();
  return new Map(rows.map((r) => [r.day, Number(r.views)]));
}

/**
 * The `limit` values of a dimension with the most page views over the range, with their views and
 * distinct visitors per day added up. '' is an unknown value; navigations inside the site have no
 * referrer and are left out of that dimension.
 */
export async function topValues(db: Executor, dimension: Exclude<RolledDimension, 'total'>, range: DayRange, limit: number): Promise<ValueCount[]> {
  const column = ROLLED_DIMENSIONS[dimension];
  const value = sql<string>`coalesce(${sql.ref(column)}, '')`;
  const rolled = statsIn(db, dimension, range).select(['value', 'views', 'visitors']);
  let raw = rawIn(db, range).select([value.as('value'), (eb) => eb.fn.countAll<number>().as('views'), (eb) => eb.fn.count<number>('visitor_id').distinct().as('visitors')]);
  if (dimension === 'referrer') raw = raw.where('referrer', 'is not', null);
  const rows = await db
    .selectFrom(rolled.unionAll(raw.groupBy(['day', value])).as('u'))
    .select(['u.value', (eb) => eb.fn.sum<number>('u.views').as('views'), (eb) => eb.fn.sum<number>('u.visitors').as('visitors')])
    .groupBy('u.value')
    .orderBy('views', 'desc')
    .orderBy('u.value')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ value: r.value, views: Number(r.views), visitors: Number(r.visitors) }));
}
