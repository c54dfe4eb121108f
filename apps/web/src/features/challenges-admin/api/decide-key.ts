import { keyDecisionResultSchema, type KeyDecisionInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { queueKeys } from './queue-keys';

/** POST /api/admin/questions/:id/key-decisions: the decision, and how many attempts it re-marked and whose scores changed. */
export async function decideKey(questionId: string, input: KeyDecisionInput) {
  const { data } = await apiRequest(`admin/questions/${encodeURIComponent(questionId)}/key-decisions`, { method: 'POST', body: input, schema: keyDecisionResultSchema });
  return data;
}

/** Decides on a question's key behind the loader; a toast says what the re-marking did and the queue refreshes. */
export function useDecideKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string; input: KeyDecisionInput }) => decideKey(questionId, input),
    meta: { loader: true },
    onSuccess: ({ remarked, changed }) => {
      toast.success(t('challengeQueue.decided', { remarked, changed }));
      void queryClient.invalidateQueries({ queryKey: queueKeys.lists() });
    },
  });
}
