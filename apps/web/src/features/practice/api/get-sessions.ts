import { practiceSessionListResponseSchema, type PracticeSessionSummary } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /api/practice/sessions: the candidate's recent sessions, newest first. */
export async function getSessions(signal?: AbortSignal): Promise<PracticeSessionSummary[]> {
  const { data } = await apiRequest('practice/sessions', { schema: practiceSessionListResponseSchema, signal });
  return data;
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: practiceKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) }));
}
