import { testDeleteResponseSchema, type TestDeleteOutcome } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { testKeys } from './test-keys';

/**
 * DELETE /api/admin/tests/:id: deletes a test nobody has attempted, and archives one candidates have
 * attempted, keeping their attempts and results; answers which it did. 409 while a contest runs it.
 */
export async function deleteTest(id: string): Promise<TestDeleteOutcome> {
  const { outcome } = await apiRequest(`admin/tests/${encodeURIComponent(id)}`, { method: 'DELETE', schema: testDeleteResponseSchema });
  return outcome;
}

export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: testKeys.delete(),
    mutationFn: deleteTest,
    meta: { loader: true },
    onSuccess: (outcome, id) => {
      if (outcome === 'deleted') queryClient.removeQueries({ queryKey: testKeys.detail(id) });
      else void queryClient.invalidateQueries({ queryKey: testKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: testKeys.lists() });
      toast.success(outcome === 'deleted' ? t('editor.toast.deleted') : t('testEditor.toast.archived'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
