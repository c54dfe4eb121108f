import { questionVersionResponseSchema, type QuestionVersion } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/admin/questions/:id/versions/:version: one version in full, as candidates given it were shown and marked. */
export async function getQuestionVersion(id: string, version: number, signal?: AbortSignal): Promise<QuestionVersion> {
  const { data } = await apiRequest(`admin/questions/${encodeURIComponent(id)}/versions/${version}`, { schema: questionVersionResponseSchema, signal });
  return data;
}

export function questionVersionQueryOptions(id: string, version: number) {
  return queryOptions({ queryKey: questionKeys.version(id, version), queryFn: ({ signal }) => getQuestionVersion(id, version, signal) });
}

export function useQuestionVersion(id: string, version: number) {
  return useQuery(questionVersionQueryOptions(id, version));
}
