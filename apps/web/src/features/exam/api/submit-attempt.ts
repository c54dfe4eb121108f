import { resultResponseSchema, type AttemptResult } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryWhileBusy } from '@/lib/busy-retry';
import { deviceHeaders } from '@/lib/device-id';
import { attemptKeys } from './attempt-keys';

/** POST /api/attempts/:id/submit: idempotent; the result. */
export async function submitAttempt(id: string): Promise<AttemptResult> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/submit`, { method: 'POST', headers: deviceHeaders(), schema: resultResponseSchema });
  return data;
}

/**
 * Submits the attempt; its result is cached for the result page and the candidate's list is fetched
 * again. Sent again by itself while the server is busy or unreachable: a submission is idempotent,
 * and one the candidate pressed must not be left unsent.
 */
export function useSubmitAttempt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitAttempt(id),
    ...retryWhileBusy(12),
    onSuccess: (result) => {
      queryClient.setQueryData(attemptKeys.result(id), result);
      void queryClient.invalidateQueries({ queryKey: attemptKeys.mine() });
    },
  });
}
