import { questionBulkResponseSchema } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { questionKeys } from './question-keys';

export type BulkAction = 'publish' | 'unpublish' | 'delete';

/** POST /api/admin/questions/bulk: publishes, unpublishes or deletes up to 500 questions at once. */
export async function bulkQuestions({ ids, action }: { ids: string[]; action: BulkAction }): Promise<number> {
  const { affected } = await apiRequest('admin/questions/bulk', { method: 'POST', body: { ids, action }, schema: questionBulkResponseSchema });
  return affected;
}

const DONE = { publish: 'questions.toast.published', unpublish: 'questions.toast.unpublished', delete: 'questions.toast.deleted' } as const;

export function useBulkQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.bulk(),
    mutationFn: bulkQuestions,
    onSuccess: (affected, { action }) => {
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
      toast.success(t(DONE[action], { count: affected }));
    },
    onError: (error) => toast.error(errorMessage(error, t('questions.bulk.failed'))),
  });
}
