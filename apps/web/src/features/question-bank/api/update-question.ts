import { adminQuestionResponseSchema, type AdminQuestion, type QuestionInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/**
 * PUT /api/admin/questions/:id with the whole question; 409 CONFLICT for an identical one or an
 * archived one. A change to the content of a version an attempt used writes the next version.
 */
export async function updateQuestion({ id, input }: { id: string; input: QuestionInput }): Promise<AdminQuestion> {
  const { data } = await apiRequest(`admin/questions/${encodeURIComponent(id)}`, { method: 'PUT', body: input, schema: adminQuestionResponseSchema });
  return data;
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.update(),
    mutationFn: updateQuestion,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(questionKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: questionKeys.versions(saved.id) });
      toast.success(t('questions.toast.saved'));
    },
  });
}
