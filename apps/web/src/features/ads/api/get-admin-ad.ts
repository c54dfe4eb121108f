import { adminAdResponseSchema, type AdminAd } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adKeys } from './ad-keys';

/** GET /api/admin/ads/:id: one ad for editing. */
export async function getAdminAd(id: string, signal?: AbortSignal): Promise<AdminAd> {
  return (await apiRequest(`admin/ads/${encodeURIComponent(id)}`, { schema: adminAdResponseSchema, signal })).data;
}

export function adminAdQueryOptions(id: string) {
  return queryOptions({ queryKey: adKeys.adminDetail(id), queryFn: ({ signal }) => getAdminAd(id, signal) });
}

export function useAdminAd(id: string) {
  return useQuery(adminAdQueryOptions(id));
}
