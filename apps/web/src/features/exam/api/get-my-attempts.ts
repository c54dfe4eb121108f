import { myAttemptsResponseSchema, type MyAttempt } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { attemptKeys } from './attempt-keys';

/** GET /api/me/attempts: the candidate's attempts, with score and percentile once submitted. */
export async function getMyAttempts(signal?: AbortSignal): Promise<MyAttempt[]> {
  const { data } = await apiRequest('me/attempts', { schema: myAttemptsResponseSchema, signal });
  return data;
}

export const myAttemptsQueryOptions = () => queryOptions({ queryKey: attemptKeys.mine(), queryFn: ({ signal }) => getMyAttempts(signal), staleTime: 30_000 });

export function useMyAttempts() {
  return useQuery(myAttemptsQueryOptions());
}
