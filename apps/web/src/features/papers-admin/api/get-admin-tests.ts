import { adminTestPageSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys, type AdminTestFilters } from './test-keys';

export const TESTS_PAGE_SIZE = 20;

/** GET /api/admin/tests: one page of tests, drafts included, most recently changed first. */
export async function getAdminTests(filters: AdminTestFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(TESTS_PAGE_SIZE) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status) params.set('status', filters.status);
  return apiRequest(`admin/tests?${params.toString()}`, { schema: adminTestPageSchema, signal });
}

export function adminTestsQueryOptions(filters: AdminTestFilters) {
  return queryOptions({ queryKey: testKeys.list(filters), queryFn: ({ signal }) => getAdminTests(filters, signal) });
}

/** The list page's tests; the previous page stays on screen while the next one loads. */
export function useAdminTests(filters: AdminTestFilters) {
  return useQuery({ ...adminTestsQueryOptions(filters), placeholderData: keepPreviousData });
}
