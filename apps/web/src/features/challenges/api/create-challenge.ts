import { myFlagResponseSchema, type ChallengeInput, type MyFlag } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { challengeKeys } from './challenge-keys';
import type { AttemptChallenges } from './get-attempt-challenges';

/**
 * POST /api/attempts/:id/challenges (201). 409 with the reason in words for a second challenge of the
 * question, a closed window or an attempt not submitted; 404 for a question not in the attempt.
 */
export async function createChallenge(attemptId: string, input: ChallengeInput): Promise<MyFlag> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(attemptId)}/challenges`, { method: 'POST', body: input, schema: myFlagResponseSchema });
  return data;
}

/** Sends a challenge; the attempt's list shows it at once and the candidate's own list refreshes. */
export function useCreateChallenge(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChallengeInput) => createChallenge(attemptId, input),
    onSuccess: (flag) => {
      queryClient.setQueryData<AttemptChallenges>(challengeKeys.attempt(attemptId), (current) =>
        current ? { ...current, challenges: [flag, ...current.challenges.filter((c) => c.id !== flag.id)] } : current,
      );
      void queryClient.invalidateQueries({ queryKey: challengeKeys.mine() });
    },
  });
}
