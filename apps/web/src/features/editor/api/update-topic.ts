import { adminTopicResponseSchema, type AdminTopic, type TopicPatch } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** PATCH /api/admin/topics/:id with the changed fields; 409 CONFLICT when the new slug is taken. */
export async function updateTopic({ id, patch }: { id: string; patch: TopicPatch }): Promise<AdminTopic> {
  const { data } = await apiRequest(`admin/topics/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: adminTopicResponseSchema });
  return data;
}

/** Saves an edit behind the loader overlay; the form shows a failure next to its fields. */
export function useUpdateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.updateTopic(),
    mutationFn: updateTopic,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKeys.topic(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: editorKeys.topics(), exact: true });
      toast.success(t('editor.toast.saved'));
    },
  });
}
