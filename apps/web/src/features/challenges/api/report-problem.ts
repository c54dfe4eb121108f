import { myFlagResponseSchema, type MyFlag, type ReportInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { challengeKeys } from './challenge-keys';

/** POST /api/questions/:id/reports (201); 409 while the candidate already has an open report on the question. */
export async function reportProblem(questionId: string, input: ReportInput): Promise<MyFlag> {
  const { data } = await apiRequest(`questions/${encodeURIComponent(questionId)}/reports`, { method: 'POST', body: input, schema: myFlagResponseSchema });
  return data;
}

/** Sends a report on one question; the candidate's list of challenges and reports refreshes. */
export function useReportProblem(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => reportProblem(questionId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: challengeKeys.mine() }),
  });
}
