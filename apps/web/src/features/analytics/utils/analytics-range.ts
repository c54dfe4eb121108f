import { ANALYTICS_LIMITS } from '@abhyas/contracts';

/** A range of UTC calendar days, both ends included, as YYYY-MM-DD. */
export interface AnalyticsRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Today as a UTC calendar day. */
export const today = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The `days` days that end today. */
export function lastDays(days: number, now = Date.now()): AnalyticsRange {
  return { from: today(now - (days - 1) * DAY_MS), to: today(now) };
}

/** The range in the address bar, or the last 30 days when it holds none that makes sense. */
export function rangeFromParams(params: URLSearchParams, now = Date.now()): AnalyticsRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  return lastDays(ANALYTICS_LIMITS.defaultRangeDays, now);
}

export function rangeQueryString({ from, to }: AnalyticsRange): string {
  return new URLSearchParams({ from, to }).toString();
}

/** How many days the range covers. */
export function rangeDays({ from, to }: AnalyticsRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
