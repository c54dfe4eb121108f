import { questionBulkResponseSchema } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { bulkOutcomeMessage, type BulkAction, type BulkOutcome } from '../utils/bulk-outcome';
import { questionKeys } from './question-keys';

/**
 * POST /api/admin/questions/bulk: publishes, unpublishes, deletes or restores up to 500 questions at
 * once. A delete archives the questions attempts used instead; a 409 names a test still listing one.
 */
export async function bulkQuestions({ ids, action }: { ids: string[]; action: BulkAction }): Promise<BulkOutcome> {
  return apiRequest('admin/questions/bulk', { method: 'POST', body: { ids, action }, schema: questionBulkResponseSchema });
}

export function useBulkQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.bulk(),
    mutationFn: bulkQuestions,
    onSuccess: (outcome, { action }) => {
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
      toast.success(bulkOutcomeMessage(action, outcome));
    },
    onError: (error) => toast.error(errorMessage(error, t('questions.bulk.failed'))),
  });
}
