import { adminTestResponseSchema, type AdminTest } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/** GET /api/admin/tests/:id: a test as its editor saved it, with its status and figures. */
export async function getAdminTest(id: string, signal?: AbortSignal): Promise<AdminTest> {
  const { data } = await apiRequest(`admin/tests/${encodeURIComponent(id)}`, { schema: adminTestResponseSchema, signal });
  return data;
}

export function adminTestQueryOptions(id: string) {
  return queryOptions({ queryKey: testKeys.detail(id), queryFn: ({ signal }) => getAdminTest(id, signal) });
}

export function useAdminTest(id: string) {
  return useQuery(adminTestQueryOptions(id));
}
