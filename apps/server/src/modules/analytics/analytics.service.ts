import { ANALYTICS_DIMENSIONS, ANALYTICS_LIMITS, type AnalyticsDimension, type AnalyticsReport, type analyticsQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import { csvField } from '../../lib/csv.js';
import { anonymousPageViewsPerDay, pageViewsPerDay, topPageViewValues, type CountedDimension, type DayRange } from '../tracking/page-view-stats.service.js';

type Deps = { db: Db; clock: Clock };
type Query = z.output<typeof analyticsQuerySchema>;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => toIso(ms).slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

const STORED_AS: Record<AnalyticsDimension, CountedDimension> = {
  pages: 'page',
  referrers: 'referrer',
  countries: 'country',
  cities: 'city',
  devices: 'device',
  browsers: 'browser',
  os: 'os',
};

/** The range a query asks for: up to today, the last 30 days by default. */
export function reportRange(query: Query, now: number): DayRange {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(dayMs(to) - (ANALYTICS_LIMITS.defaultRangeDays - 1) * DAY_MS);
  if (from > to) throw validationFailed([{ field: 'from', message: 'From must not be after To' }]);
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > ANALYTICS_LIMITS.maxRangeDays) {
    throw validationFailed([{ field: 'to', message: `A report covers at most ${ANALYTICS_LIMITS.maxRangeDays} days` }]);
  }
  return { from, to };
}

/** Page views and visitors per day of the range, and the top values of each dimension. */
export async function analyticsReport(deps: Deps, query: Query, top: number = ANALYTICS_LIMITS.topItems): Promise<AnalyticsReport> {
  const range = reportRange(query, deps.clock.now());
  const [perDay, anonymous, ...lists] = await Promise.all([
    pageViewsPerDay(deps, range),
    anonymousPageViewsPerDay(deps, range),
    ...ANALYTICS_DIMENSIONS.map((d) => topPageViewValues(deps, STORED_AS[d], range, top)),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const daily: AnalyticsReport['daily'] = [];
  for (let ms = dayMs(range.from); ms <= dayMs(range.to); ms += DAY_MS) {
    const day = dayOf(ms);
    daily.push({ day, views: byDay.get(day)?.views ?? 0, visitors: byDay.get(day)?.visitors ?? 0, anonymousViews: anonymous.get(day) ?? 0 });
  }
  const sum = (f: (d: AnalyticsReport['daily'][number]) => number) => daily.reduce((s, d) => s + f(d), 0);
  const breakdowns = Object.fromEntries(
    ANALYTICS_DIMENSIONS.map((d, i) => [d, lists[i]!.map((v) => ({ value: v.value === '' ? null : v.value, views: v.views, visitors: v.visitors }))]),
  ) as AnalyticsReport['breakdowns'];
  return {
    ...range,
    totals: { views: sum((d) => d.views), visitors: sum((d) => d.visitors), anonymousViews: sum((d) => d.anonymousViews) },
    daily,
    breakdowns,
  };
}

/**
 * The report as one CSV table, `section,item,views,visitors,anonymous_views`: a `daily` row per day,
 * then each dimension's top values (up to 1000). Recorded values come from browsers, so every cell
 * is guarded against spreadsheet formulas.
 */
export async function analyticsCsv(deps: Deps, query: Query): Promise<{ fileName: string; text: string }> {
  const report = await analyticsReport(deps, query, ANALYTICS_LIMITS.exportItems);
  const rows: (string | number)[][] = [['section', 'item', 'views', 'visitors', 'anonymous_views']];
  for (const d of report.daily) rows.push(['daily', d.day, d.views, d.visitors, d.anonymousViews]);
  for (const dimension of ANALYTICS_DIMENSIONS) {
    for (const item of report.breakdowns[dimension]) rows.push([dimension, item.value ?? '(unknown)', item.views, item.visitors, '']);
  }
  const text = `${rows.map((r) => r.map((cell) => csvField(String(cell))).join(',')).join('\r\n')}\r\n`;
  return { fileName: `analytics-${report.from}-to-${report.to}.csv`, text };
}
