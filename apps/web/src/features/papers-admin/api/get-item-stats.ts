import { itemStatsResponseSchema, type ItemStats } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/**
 * GET /api/admin/tests/:id/item-stats: each question's statistics over the test's submitted first
 * attempts, or how many there are until there are enough.
 */
export async function getItemStats(id: string, signal?: AbortSignal): Promise<ItemStats> {
  const { data } = await apiRequest(`admin/tests/${encodeURIComponent(id)}/item-stats`, { schema: itemStatsResponseSchema, signal });
  return data;
}

export function itemStatsQueryOptions(id: string) {
  return queryOptions({ queryKey: testKeys.itemStats(id), queryFn: ({ signal }) => getItemStats(id, signal) });
}

export function useItemStats(id: string) {
  return useQuery(itemStatsQueryOptions(id));
}
