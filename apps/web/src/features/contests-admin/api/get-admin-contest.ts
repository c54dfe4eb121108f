import { adminContestResponseSchema, type AdminContest } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contestEditorKeys } from './contest-editor-keys';

/** GET /api/admin/contests/:id: a contest as its editor saved it, with its entries. */
export async function getAdminContest(id: string, signal?: AbortSignal): Promise<AdminContest> {
  const { data } = await apiRequest(`admin/contests/${encodeURIComponent(id)}`, { schema: adminContestResponseSchema, signal });
  return data;
}

export function useAdminContest(id: string) {
  return useQuery({ queryKey: contestEditorKeys.detail(id), queryFn: ({ signal }) => getAdminContest(id, signal) });
}
