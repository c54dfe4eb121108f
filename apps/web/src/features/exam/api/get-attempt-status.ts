import { attemptStatusResponseSchema, type AttemptStatus } from '@abhyas/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import type { ServerClock } from '@/lib/server-clock';
import { attemptKeys } from './attempt-keys';
import { sampled, timed, type Timed } from './timed';

/**
 * GET /api/attempts/:id/status: whether the attempt is still open, whether this device writes, and
 * who submitted it; one cheap read, polled while the exam screen is open.
 */
export function getAttemptStatus(id: string, signal?: AbortSignal): Promise<Timed<AttemptStatus>> {
  // An ended sign-in is shown on the exam screen by the saves; a poll never leaves the page for it.
  return timed(() =>
    apiRequest(`attempts/${encodeURIComponent(id)}/status`, { headers: deviceHeaders(), schema: attemptStatusResponseSchema, signal, skipAuthRedirect: true }),
  );
}

/** The status query of one attempt; each answer corrects `clock`. */
export const attemptStatusQueryOptions = (id: string, clock: ServerClock) =>
  queryOptions({
    queryKey: attemptKeys.status(id),
    queryFn: async ({ signal }) => sampled(clock, await getAttemptStatus(id, signal)),
    staleTime: 0,
    // A failed poll is simply asked again at the next one.
    retry: false,
  });
