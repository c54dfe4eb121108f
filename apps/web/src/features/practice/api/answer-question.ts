import { practiceFeedbackResponseSchema, type PracticeFeedback, type PracticeSession } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { withFeedback } from '../utils/session-progress';
import { practiceKeys } from './practice-keys';

export interface AnswerRequest {
  sessionId: string;
  questionId: string;
  optionIds: string[];
}

/** POST /api/practice/sessions/:id/answers: right or wrong, the correct options, the explanation. */
export async function answerQuestion({ sessionId, questionId, optionIds }: AnswerRequest): Promise<PracticeFeedback> {
  const { data } = await apiRequest(`practice/sessions/${encodeURIComponent(sessionId)}/answers`, {
    method: 'POST',
    body: { questionId, optionIds },
    schema: practiceFeedbackResponseSchema,
  });
  return data;
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: (feedback, { sessionId }) => {
      queryClient.setQueryData<PracticeSession>(practiceKeys.session(sessionId), (session) => session && withFeedback(session, feedback));
      // A wrong answer goes on the mistakes shelf; the session list shows progress.
      void queryClient.invalidateQueries({ queryKey: practiceKeys.mistakes() });
      void queryClient.invalidateQueries({ queryKey: practiceKeys.sessions() });
    },
  });
}
