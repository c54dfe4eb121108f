import { attemptChallengesSchema } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { challengeKeys } from './challenge-keys';

/** GET /api/attempts/:id/challenges: the attempt's challenge window and the candidate's challenges on it. */
export async function getAttemptChallenges(attemptId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(attemptId)}/challenges`, { schema: attemptChallengesSchema, signal });
  return data;
}

export type AttemptChallenges = Awaited<ReturnType<typeof getAttemptChallenges>>;

export const attemptChallengesQueryOptions = (attemptId: string) =>
  queryOptions({ queryKey: challengeKeys.attempt(attemptId), queryFn: ({ signal }) => getAttemptChallenges(attemptId, signal) });

/** The review's questions each read this one query (fetched once for the page). */
export function useAttemptChallenges(attemptId: string) {
  return useQuery(attemptChallengesQueryOptions(attemptId));
}
