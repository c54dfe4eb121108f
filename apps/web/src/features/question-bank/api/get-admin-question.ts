import { adminQuestionResponseSchema, type AdminQuestion } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/admin/questions/:id: one question with its correct answers. */
export async function getAdminQuestion(id: string, signal?: AbortSignal): Promise<AdminQuestion> {
  const { data } = await apiRequest(`admin/questions/${encodeURIComponent(id)}`, { schema: adminQuestionResponseSchema, signal });
  return data;
}

export function adminQuestionQueryOptions(id: string) {
  return queryOptions({ queryKey: questionKeys.detail(id), queryFn: ({ signal }) => getAdminQuestion(id, signal) });
}

export function useAdminQuestion(id: string) {
  return useQuery(adminQuestionQueryOptions(id));
}
