import { attemptResponseSchema, type Attempt } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import type { ServerClock } from '@/lib/server-clock';
import { attemptKeys } from './attempt-keys';
import { sampled, timed, type Timed } from './timed';

/** POST /api/attempts/:id/takeover: this device becomes the one that writes; the other turns read-only. */
export function takeOverAttempt(id: string): Promise<Timed<Attempt>> {
  return timed(() => apiRequest(`attempts/${encodeURIComponent(id)}/takeover`, { method: 'POST', headers: deviceHeaders(), schema: attemptResponseSchema }));
}

/** "Continue here": `onTaken` gets the attempt as the takeover answered it, which also becomes the cached attempt. */
export function useTakeOverAttempt(id: string, clock: ServerClock, onTaken: (attempt: Attempt) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => sampled(clock, await takeOverAttempt(id)),
    onSuccess: (fresh) => {
      onTaken(fresh);
      queryClient.setQueryData(attemptKeys.detail(id), fresh);
    },
  });
}
