import { z } from 'zod';

/** The breakdowns the analytics page shows, each a top list of one recorded field. */
export const ANALYTICS_DIMENSIONS = ['pages', 'referrers', 'countries', 'cities', 'devices', 'browsers', 'os'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

export const ANALYTICS_LIMITS = {
  /** Longest date range one report covers, in days. */
  maxRangeDays: 366,
  /** Days shown when no range is given, today included. */
  defaultRangeDays: 30,
  /** Entries in each top list of the report. */
  topItems: 10,
  /** Entries in each top list of the CSV export. */
  exportItems: 1000,
} as const;

const isCalendarDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const day = (label: string) => z.string({ error: `${label} must be a date` }).trim().refine(isCalendarDay, { error: `${label} must be a date (YYYY-MM-DD)` });

/** Days are calendar days in UTC, both ends included; missing ends default to the last 30 days. */
export const analyticsQuerySchema = z
  .strictObject({ from: day('From').optional(), to: day('To').optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'From must not be after To' });
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > ANALYTICS_LIMITS.maxRangeDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${ANALYTICS_LIMITS.maxRangeDays} days` });
    }
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsDaySchema = z.object({
  day: z.string(),
  views: z.number().int(),
  /** Distinct visitors that day. */
  visitors: z.number().int(),
  /** Page views kept only as a count (Do Not Track, Global Privacy Control, signed-in minors). */
  anonymousViews: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsItemSchema = z.object({
  /** The recorded value; null when the browser or the IP lookup did not tell. */
  value: z.string().nullable(),
  views: z.number().int(),
  /** Distinct visitors per day, added up over the range. */
  visitors: z.number().int(),
});
export type AnalyticsItem = z.infer<typeof analyticsItemSchema>;

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ views: z.number().int(), visitors: z.number().int(), anonymousViews: z.number().int() }),
  /** Every day of the range, oldest first, zero where nothing was recorded. */
  daily: z.array(analyticsDaySchema),
  breakdowns: z.object(Object.fromEntries(ANALYTICS_DIMENSIONS.map((d) => [d, z.array(analyticsItemSchema)])) as Record<AnalyticsDimension, z.ZodArray<typeof analyticsItemSchema>>),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export const analyticsResponseSchema = z.object({ data: analyticsReportSchema });
