import { practiceSessionResponseSchema, type PracticeSession } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /api/practice/sessions/:id: the session's questions, each answered one with its feedback. */
export async function getSession(id: string, signal?: AbortSignal): Promise<PracticeSession> {
  const { data } = await apiRequest(`practice/sessions/${encodeURIComponent(id)}`, { schema: practiceSessionResponseSchema, signal });
  return data;
}

export function sessionQueryOptions(id: string) {
  // The session changes only through this tab's answers, which update it in place.
  return queryOptions({ queryKey: practiceKeys.session(id), queryFn: ({ signal }) => getSession(id, signal), staleTime: Infinity });
}

export function useSession(id: string) {
  return useQuery(sessionQueryOptions(id));
}
