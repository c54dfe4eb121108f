import { resultResponseSchema, type AttemptResult } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { attemptKeys } from './attempt-keys';

/** GET /api/attempts/:id/result: the submitted attempt's result, from the answers on the server. */
export async function getResult(id: string, signal?: AbortSignal): Promise<AttemptResult> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/result`, { schema: resultResponseSchema, signal });
  return data;
}

export const resultQueryOptions = (id: string) =>
  queryOptions({ queryKey: attemptKeys.result(id), queryFn: ({ signal }) => getResult(id, signal), staleTime: 60_000 });

export function useResult(id: string) {
  return useQuery(resultQueryOptions(id));
}
