import { adminTestPageSchema } from '@abhyas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contestEditorKeys } from './contest-editor-keys';

/** GET /api/admin/tests: the tests a contest can run, matching `search`, most recently changed first. */
export async function getTestChoices(search: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: '1', pageSize: '50' });
  if (search.trim()) params.set('search', search.trim());
  const page = await apiRequest(`admin/tests?${params.toString()}`, { schema: adminTestPageSchema, signal });
  return page.data.map((test) => ({ id: test.id, title: test.title, questionCount: test.questionCount, durationMinutes: test.durationMinutes }));
}

export function useTestChoices(search: string) {
  return useQuery({ queryKey: contestEditorKeys.tests(search), queryFn: ({ signal }) => getTestChoices(search, signal), placeholderData: keepPreviousData, staleTime: 60_000 });
}
