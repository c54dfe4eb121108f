import { questionPageSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { listQueryString, type QuestionFilters } from '../utils/question-filters';
import { questionKeys } from './question-keys';

/** GET /api/admin/questions: one page of the bank, drafts included, narrowed by the filters. */
export async function getAdminQuestions(filters: QuestionFilters, signal?: AbortSignal) {
  return apiRequest(`admin/questions?${listQueryString(filters)}`, { schema: questionPageSchema, signal });
}

export function adminQuestionsQueryOptions(filters: QuestionFilters) {
  return queryOptions({ queryKey: questionKeys.list(filters), queryFn: ({ signal }) => getAdminQuestions(filters, signal) });
}

/** The list page's questions; the previous page stays on screen while the next one loads. */
export function useAdminQuestions(filters: QuestionFilters) {
  return useQuery({ ...adminQuestionsQueryOptions(filters), placeholderData: keepPreviousData });
}
