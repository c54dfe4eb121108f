import { attemptResponseSchema, type Attempt } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CLIENT_ERROR_CODES, isApiError } from '@/lib/api-error';
import { attemptCopies } from '@/lib/attempt-copies';
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

const fromDevice = new WeakSet<Attempt>();

/** Whether the screen shows the copy kept on this device (opened without a connection), not the server's answer. */
export const isDeviceCopy = (attempt: Attempt | undefined) => attempt !== undefined && fromDevice.has(attempt);

/**
 * The attempt; each answer corrects `clock` and is kept on the device. Fetched again only when asked
 * (the tab coming back, a takeover). Opened without a connection (a reload offline), the screen shows
 * the copy this device kept, and its clock runs from the offset that copy was answered with.
 */
export const attemptQueryOptions = (id: string, clock: ServerClock) =>
  queryOptions({
    queryKey: attemptKeys.detail(id),
    queryFn: async ({ signal, client, queryKey }) => {
      let answer: Timed<Attempt>;
      try {
        answer = await getAttempt(id, signal);
      } catch (error) {
        const opening = client.getQueryData(queryKey) === undefined;
        const copy = opening && isApiError(error) && error.code === CLIENT_ERROR_CODES.network ? await attemptCopies.load(id) : undefined;
        if (!copy) throw error;
        fromDevice.add(copy.data);
        return sampled(clock, copy);
      }
      void attemptCopies.keep(answer);
      return sampled(clock, answer);
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Asked even while the browser says it is offline: the answer is then the copy on the device.
    networkMode: 'always',
  });

/** The attempt, asked for every `CLOSING_POLL_MS` while `poll` (the attempt closes on the server). */
export function useAttempt(id: string, clock: ServerClock, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...attemptQueryOptions(id, clock), refetchInterval: poll ? CLOSING_POLL_MS : false });
}
