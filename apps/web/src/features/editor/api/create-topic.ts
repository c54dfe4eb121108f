import { adminTopicResponseSchema, type AdminTopic, type TopicInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** POST /api/admin/topics: creates a draft (201); 409 CONFLICT when the chosen slug is taken. */
export async function createTopic(input: TopicInput): Promise<AdminTopic> {
  const { data } = await apiRequest('admin/topics', { method: 'POST', body: input, schema: adminTopicResponseSchema });
  return data;
}

/** Creates a draft behind the loader overlay; the form shows a failure next to its fields. */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.createTopic(),
    mutationFn: createTopic,
    meta: { loader: true },
    onSuccess: (created) => {
      queryClient.setQueryData(editorKeys.topic(created.id), created);
      void queryClient.invalidateQueries({ queryKey: editorKeys.topics(), exact: true });
      toast.success(t('editor.toast.created'));
    },
  });
}
