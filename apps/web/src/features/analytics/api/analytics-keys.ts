import type { AnalyticsRange } from '../utils/analytics-range';

/** Query keys for the admin analytics. */
export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  report: (range: AnalyticsRange) => [...analyticsKeys.all, 'report', range] as const,
};
