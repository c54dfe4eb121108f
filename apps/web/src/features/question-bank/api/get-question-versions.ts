import { questionVersionListSchema, type QuestionVersionSummary } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/admin/questions/:id/versions: every version of a question, newest first, with what each changed. */
export async function getQuestionVersions(id: string, signal?: AbortSignal): Promise<QuestionVersionSummary[]> {
  const { data } = await apiRequest(`admin/questions/${encodeURIComponent(id)}/versions`, { schema: questionVersionListSchema, signal });
  return data;
}

export function questionVersionsQueryOptions(id: string) {
  return queryOptions({ queryKey: questionKeys.versions(id), queryFn: ({ signal }) => getQuestionVersions(id, signal) });
}

export function useQuestionVersions(id: string) {
  return useQuery(questionVersionsQueryOptions(id));
}
