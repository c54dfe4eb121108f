import { practiceSessionResponseSchema, type PracticeSession, type PracticeStart } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberStart } from '../utils/start-requests';
import { practiceKeys } from './practice-keys';

/** POST /api/practice/sessions: a new session; 409 CONFLICT when nothing matches the choice. */
export async function startSession(request: PracticeStart): Promise<PracticeSession> {
  const { data } = await apiRequest('practice/sessions', { method: 'POST', body: request, schema: practiceSessionResponseSchema });
  return data;
}

export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSession,
    meta: { loader: true },
    onSuccess: (session, request) => {
      rememberStart(session.id, request);
      queryClient.setQueryData(practiceKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.sessions() });
    },
  });
}
