import { attemptResponseSchema, type Attempt } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { testKeys } from './test-keys';

/**
 * POST /api/tests/:slug/attempts from this device: 201 with a new attempt, or 200 with the open one;
 * 409 ATTEMPTS_EXHAUSTED past the attempts allowed.
 */
export async function startAttempt(slug: string): Promise<Attempt> {
  const { data } = await apiRequest(`tests/${encodeURIComponent(slug)}/attempts`, { method: 'POST', headers: deviceHeaders(), schema: attemptResponseSchema });
  return data;
}

export function useStartAttempt(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAttempt(slug),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}
