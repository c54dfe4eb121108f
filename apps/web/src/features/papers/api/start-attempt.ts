import { attemptResponseSchema, type Attempt, type QuestionLanguage } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryWhileBusy } from '@/lib/busy-retry';
import { deviceHeaders } from '@/lib/device-id';
import { testKeys } from './test-keys';

/**
 * POST /api/tests/:slug/attempts from this device, in the default language chosen: 201 with a new
 * attempt, or 200 with the open one; 409 ATTEMPTS_EXHAUSTED past the attempts allowed.
 */
export async function startAttempt(slug: string, language?: QuestionLanguage): Promise<Attempt> {
  const { data } = await apiRequest(`tests/${encodeURIComponent(slug)}/attempts`, {
    method: 'POST',
    headers: deviceHeaders(),
    ...(language ? { body: { language } } : {}),
    schema: attemptResponseSchema,
  });
  return data;
}

/** Starts the attempt; tried again a few times while the server is busy (a second start answers the same open attempt). */
export function useStartAttempt(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language?: QuestionLanguage) => startAttempt(slug, language),
    ...retryWhileBusy(4),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}
