import { contestResponseSchema, type Contest } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { serverClock } from '@/lib/server-clock';
import { useAuthToken } from '@/lib/use-auth-token';
import { contestKeys } from './contest-keys';

/** GET /api/contests/:idOrSlug: one contest as the caller sees it; its answer also sets the server clock. */
export async function getContest(idOrSlug: string, signal?: AbortSignal): Promise<Contest> {
  const { data } = await apiRequest(`contests/${encodeURIComponent(idOrSlug)}`, { schema: contestResponseSchema, signal, onResponse: (response, timing) => serverClock.sampleDateHeader(response, timing) });
  return data;
}

/** How often to ask again: while a payment is pending (it may be confirmed by the provider's webhook) and while results are being computed. */
function refreshEvery(contest: Contest | undefined): number | false {
  if (contest?.entry?.status === 'pending') return 5_000;
  if (contest?.status === 'ended') return 20_000;
  return false;
}

/** One contest, by slug or id. */
export function useContest(idOrSlug: string) {
  const signedIn = useAuthToken() !== null;
  return useQuery({
    queryKey: contestKeys.detail(idOrSlug, signedIn),
    queryFn: ({ signal }) => getContest(idOrSlug, signal),
    staleTime: 10_000,
    refetchInterval: (query) => refreshEvery(query.state.data),
  });
}
