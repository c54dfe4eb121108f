import { EXAM_LIMITS, practiceSessionResponseSchema, type PracticeSession } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/practice/sessions: a practice session of the given questions (a review's wrong answers). */
export async function startPractice(questionIds: readonly string[]): Promise<PracticeSession> {
  const { data } = await apiRequest('practice/sessions', {
    method: 'POST',
    body: {
      source: 'bank',
      count: Math.min(EXAM_LIMITS.practiceCountMax, Math.max(EXAM_LIMITS.practiceCountMin, questionIds.length)),
      questionIds: questionIds.slice(0, EXAM_LIMITS.practiceCountMax),
    },
    schema: practiceSessionResponseSchema,
  });
  return data;
}

/** Starts a practice session of `questionIds`; `onStarted` gets the new session. */
export function useStartPractice(questionIds: readonly string[], onStarted: (session: PracticeSession) => void) {
  return useMutation({ mutationFn: () => startPractice([...questionIds]), onSuccess: onStarted });
}
