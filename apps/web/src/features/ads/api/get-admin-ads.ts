import { adminAdListResponseSchema, type AdminAd } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adKeys } from './ad-keys';

/** GET /api/admin/ads: every ad with its counts, newest first. */
export async function getAdminAds(signal?: AbortSignal): Promise<AdminAd[]> {
  return (await apiRequest('admin/ads', { schema: adminAdListResponseSchema, signal })).data;
}

export function adminAdsQueryOptions() {
  return queryOptions({ queryKey: adKeys.adminList(), queryFn: ({ signal }) => getAdminAds(signal) });
}

export function useAdminAds() {
  return useQuery(adminAdsQueryOptions());
}
