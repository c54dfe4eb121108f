import { adminQuestionResponseSchema, type AdminQuestion, type QuestionInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** POST /api/admin/questions: a new draft; 409 CONFLICT when an identical question exists. */
export async function createQuestion(input: QuestionInput): Promise<AdminQuestion> {
  const { data } = await apiRequest('admin/questions', { method: 'POST', body: input, schema: adminQuestionResponseSchema });
  return data;
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.create(),
    mutationFn: createQuestion,
    meta: { loader: true },
    onSuccess: (created) => {
      queryClient.setQueryData(questionKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
      toast.success(t('questions.toast.created'));
    },
  });
}
