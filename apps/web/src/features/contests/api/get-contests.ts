import { contestListResponseSchema, type ContestList } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthToken } from '@/lib/use-auth-token';
import { contestKeys } from './contest-keys';

/** GET /api/contests: the caller's upcoming and live contests, and the past ones (docs/PRODUCT.md §6.1). */
export async function getContests(signal?: AbortSignal): Promise<ContestList> {
  return apiRequest('contests', { schema: contestListResponseSchema, signal });
}

/** While a listed contest is about to start or is running, its status changes soon: the lists are asked for again every 30 s then. */
export function listRefreshEvery(lists: ContestList | undefined, now = Date.now()): number | false {
  const soon = (c: ContestList['upcoming'][number]) => c.status === 'running' || (c.status === 'upcoming' && Date.parse(c.startsAt) - now < 10 * 60_000);
  return lists && [...lists.upcoming, ...lists.live].some(soon) ? 30_000 : false;
}

export function contestsQueryOptions(signedIn: boolean) {
  return queryOptions({ queryKey: contestKeys.list(signedIn), queryFn: ({ signal }) => getContests(signal), staleTime: 60_000, refetchInterval: (query) => listRefreshEvery(query.state.data) });
}

/**
 * The app's one store of contests: the home strip, the contests page and the header badge read this
 * query, and joining or paying writes the new state of a contest into it (see `placeContest`).
 */
export function useContests() {
  const signedIn = useAuthToken() !== null;
  return useQuery(contestsQueryOptions(signedIn));
}
