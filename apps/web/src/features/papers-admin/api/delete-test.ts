import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { testKeys } from './test-keys';

/** DELETE /api/admin/tests/:id (204); 409 once candidates have attempted it. */
export function deleteTest(id: string): Promise<undefined> {
  return apiRequest(`admin/tests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: testKeys.delete(),
    mutationFn: deleteTest,
    meta: { loader: true },
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: testKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: testKeys.lists() });
      toast.success(t('editor.toast.deleted'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
