import type { Db } from '../../db/index.js';
import { anonymousViewsPerDay, topValues, viewsPerDay, type DayCount, type DayRange, type ValueCount } from './page-view-stats.repo.js';
import type { RolledDimension } from './tracking.repo.js';

// What the recorded page views add up to, raw and rolled up alike, for the admins' reports.
export type { DayCount, DayRange, ValueCount };
/** A dimension page views are counted by (`total` aside). */
export type CountedDimension = Exclude<RolledDimension, 'total'>;

/** Page views and distinct visitors per day that has any. */
export async function pageViewsPerDay(deps: { db: Db }, range: DayRange): Promise<DayCount[]> {
  return viewsPerDay(deps.db, range);
}

/** Anonymous page views per day that has any. */
export async function anonymousPageViewsPerDay(deps: { db: Db }, range: DayRange): Promise<Map<string, number>> {
  return anonymousViewsPerDay(deps.db, range);
}

/** The `limit` most viewed values of a dimension over the range, with their views and distinct visitors. */
export async function topPageViewValues(deps: { db: Db }, dimension: CountedDimension, range: DayRange, limit: number): Promise<ValueCount[]> {
  return topValues(deps.db, dimension, range, limit);
}
