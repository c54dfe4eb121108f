import { contestPaperResponseSchema, type ContestPaper } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contestEditorKeys } from './contest-editor-keys';

/** GET /api/admin/contests/paper: whether the test was attempted and how many of its questions candidates have met elsewhere. */
export async function getContestPaper(testId: string, signal?: AbortSignal): Promise<ContestPaper> {
  const { data } = await apiRequest(`admin/contests/paper?${new URLSearchParams({ testId }).toString()}`, { schema: contestPaperResponseSchema, signal });
  return data;
}

export function useContestPaper(testId: string) {
  return useQuery({ queryKey: contestEditorKeys.paper(testId), queryFn: ({ signal }) => getContestPaper(testId, signal), enabled: testId !== '', staleTime: 30_000 });
}
