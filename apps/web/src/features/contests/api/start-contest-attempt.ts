import { attemptResponseSchema } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { contestKeys } from './contest-keys';

// The answer is `{ data: Attempt, created }`; only the attempt is read here.
const answerSchema = attemptResponseSchema.pick({ data: true });

/**
 * POST /api/contests/:id/attempt from this device: the contest's timed attempt, new or the one already
 * open. 409 CONTEST_NOT_OPEN before the start, NOT_JOINED without an entry, ATTEMPT_CLOSED after the end.
 */
export async function startContestAttempt(contestId: string): Promise<string> {
  const { data } = await apiRequest(`contests/${encodeURIComponent(contestId)}/attempt`, { method: 'POST', headers: deviceHeaders(), schema: answerSchema });
  return data.id;
}

export function useStartContestAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startContestAttempt,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contestKeys.details() }),
  });
}
