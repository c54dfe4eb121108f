import { contestListResponseSchema, type ContestList } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthToken } from '@/lib/use-auth-token';
import { contestKeys } from './contest-keys';

/** GET /api/contests: the caller's upcoming and live contests, and the past ones (docs/PRODUCT.md §6.1). */
export async function getContests(signal?: AbortSignal): Promise<ContestList> {
  return apiRequest('contests', { schema: contestListResponseSchema, signal });
}

export function contestsQueryOptions(signedIn: boolean) {
  return queryOptions({ queryKey: contestKeys.list(signedIn), queryFn: ({ signal }) => getContests(signal), staleTime: 60_000 });
}

/**
 * The app's one store of contests: the home strip, the contests page and the header badge read this
 * query, and joining or paying writes the new state of a contest into it (see `placeContest`).
 */
export function useContests() {
  const signedIn = useAuthToken() !== null;
  return useQuery(contestsQueryOptions(signedIn));
}
