import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { editorKeys } from './editor-keys';

/** DELETE /api/admin/topics/:id (204). */
export function deleteTopic(id: string): Promise<undefined> {
  return apiRequest(`admin/topics/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes for good, then drops it from the editor's caches; the outcome is a toast. */
export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.deleteTopic(),
    mutationFn: deleteTopic,
    meta: { loader: true },
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: editorKeys.topic(id) });
      void queryClient.invalidateQueries({ queryKey: editorKeys.topics(), exact: true });
      toast.success(t('editor.toast.deleted'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
