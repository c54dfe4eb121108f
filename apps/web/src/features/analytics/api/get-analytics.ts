import { analyticsResponseSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rangeQueryString, type AnalyticsRange } from '../utils/analytics-range';
import { analyticsKeys } from './analytics-keys';

/** GET /api/admin/analytics: page views and visitors per day, and the top lists, for a date range. */
export async function getAnalytics(range: AnalyticsRange, signal?: AbortSignal) {
  const { data } = await apiRequest(`admin/analytics?${rangeQueryString(range)}`, { schema: analyticsResponseSchema, signal });
  return data;
}

export function analyticsQueryOptions(range: AnalyticsRange) {
  return queryOptions({ queryKey: analyticsKeys.report(range), queryFn: ({ signal }) => getAnalytics(range, signal) });
}

/** The report for the chosen range; the previous one stays on screen while a new range loads. */
export function useAnalytics(range: AnalyticsRange) {
  return useQuery({ ...analyticsQueryOptions(range), placeholderData: keepPreviousData });
}
