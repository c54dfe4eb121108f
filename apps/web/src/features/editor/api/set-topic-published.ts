import { adminTopicResponseSchema, type AdminTopic } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { editorKeys } from './editor-keys';

/** POST /api/admin/topics/:id/publish or /unpublish: one button, two calls that mirror each other. */
export async function setTopicPublished({ id, published }: { id: string; published: boolean }): Promise<AdminTopic> {
  const action = published ? 'publish' : 'unpublish';
  const { data } = await apiRequest(`admin/topics/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: adminTopicResponseSchema });
  return data;
}

/** Publishes or unpublishes, then refreshes the editor's list; the outcome is a toast. */
export function useSetTopicPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.publishTopic(),
    mutationFn: setTopicPublished,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKeys.topic(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: editorKeys.topics(), exact: true });
      toast.success(saved.status === 'published' ? t('editor.toast.published') : t('editor.toast.unpublished'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
