import { joinResponseSchema, type JoinResponse } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberContest } from './contest-cache';
import { contestKeys } from './contest-keys';

/**
 * POST /api/contests/:id/join. Free: the contest with `joinedAt`. Paid: the entry pending and how to
 * pay (joining again while pending answers the same order). 409 with the reason when full, already
 * joined, closed or paid entry is off.
 */
export async function joinContest(contestId: string): Promise<JoinResponse> {
  return apiRequest(`contests/${encodeURIComponent(contestId)}/join`, { method: 'POST', schema: joinResponseSchema });
}

/** Joins; the card moves from upcoming to live in the app's one list at once. A refusal refreshes what is shown, as seats or status have changed. */
export function useJoinContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contestKeys.join(),
    mutationFn: joinContest,
    onSuccess: ({ data }) => rememberContest(queryClient, data),
    onError: () => void queryClient.invalidateQueries({ queryKey: contestKeys.all }),
  });
}
