import { testListResponseSchema, type TestSummary } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/** GET /api/tests: the published tests. */
export async function getTests(signal?: AbortSignal): Promise<TestSummary[]> {
  const { data } = await apiRequest('tests', { schema: testListResponseSchema, signal });
  return data;
}

export function testsQueryOptions() {
  return queryOptions({ queryKey: testKeys.list(), queryFn: ({ signal }) => getTests(signal), staleTime: 60_000 });
}

/** The published tests. */
export function useTests() {
  return useQuery(testsQueryOptions());
}
