import { attemptResponseSchema, type Attempt } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import type { ServerClock } from '@/lib/server-clock';
import { attemptKeys } from './attempt-keys';
import { sampled, timed, type Timed } from './timed';

/** While the attempt is closing on the server, how often to ask whether it has been submitted. */
export const CLOSING_POLL_MS = 5_000;

/** GET /api/attempts/:id: the attempt with every saved answer, which device writes, and the server's time. */
export function getAttempt(id: string, signal?: AbortSignal): Promise<Timed<Attempt>> {
  // Fetched again whenever the tab comes back: an ended sign-in is shown on the screen, not by leaving it.
  return timed(() => apiRequest(`attempts/${encodeURIComponent(id)}`, { headers: deviceHeaders(), schema: attemptResponseSchema, signal, skipAuthRedirect: true }));
}

/** The attempt; each answer corrects `clock`. Fetched again only when asked (the tab coming back, a takeover). */
export const attemptQueryOptions = (id: string, clock: ServerClock) =>
  queryOptions({
    queryKey: attemptKeys.detail(id),
    queryFn: async ({ signal }) => sampled(clock, await getAttempt(id, signal)),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The attempt, asked for every `CLOSING_POLL_MS` while `poll` (the attempt closes on the server). */
export function useAttempt(id: string, clock: ServerClock, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...attemptQueryOptions(id, clock), refetchInterval: poll ? CLOSING_POLL_MS : false });
}
