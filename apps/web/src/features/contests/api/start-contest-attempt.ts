import { attemptResponseSchema, type QuestionLanguage } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { contestKeys } from './contest-keys';

// The answer is `{ data: Attempt, created }`; only the attempt is read here.
const answerSchema = attemptResponseSchema.pick({ data: true });

/**
 * POST /api/contests/:id/attempt from this device, in the language the site is read in (the paper's
 * first when it is not offered in it): the contest's timed attempt, new or the one already open. 409
 * CONTEST_NOT_OPEN before the start, NOT_JOINED without an entry, ATTEMPT_CLOSED after the end.
 */
export async function startContestAttempt({ contestId, language }: { contestId: string; language: QuestionLanguage }): Promise<string> {
  const { data } = await apiRequest(`contests/${encodeURIComponent(contestId)}/attempt`, { method: 'POST', headers: deviceHeaders(), body: { language }, schema: answerSchema });
  return data.id;
}

export function useStartContestAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startContestAttempt,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contestKeys.details() }),
  });
}
