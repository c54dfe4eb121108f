import { adminContestPageSchema } from '@abhyas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contestEditorKeys, type ContestFilters } from './contest-editor-keys';

export const CONTESTS_PAGE_SIZE = 20;

/** GET /api/admin/contests: one page of contests, drafts and cancelled ones included. */
export async function getAdminContests(filters: ContestFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(CONTESTS_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return apiRequest(`admin/contests?${params.toString()}`, { schema: adminContestPageSchema, signal });
}

export function useAdminContests(filters: ContestFilters) {
  return useQuery({ queryKey: contestEditorKeys.list(filters), queryFn: ({ signal }) => getAdminContests(filters, signal), placeholderData: keepPreviousData });
}
