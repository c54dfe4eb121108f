import {
  bookmarkResponseSchema,
  EXAM_LIMITS,
  myAttemptsResponseSchema,
  practiceSessionResponseSchema,
  resultResponseSchema,
  reviewResponseSchema,
  type AttemptResult,
  type MyAttempt,
  type PracticeSession,
  type ReviewQuestion,
} from '@abhyas/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { attemptKeys } from './attempt-keys';

/** GET /api/attempts/:id/result: the submitted attempt's result, from the answers on the server. */
export async function getResult(id: string, signal?: AbortSignal): Promise<AttemptResult> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/result`, { schema: resultResponseSchema, signal });
  return data;
}

export function useResult(id: string) {
  return useQuery({ queryKey: attemptKeys.result(id), queryFn: ({ signal }) => getResult(id, signal), staleTime: 60_000 });
}

/** GET /api/attempts/:id/review: every question with the answer, the key and the explanation; 409 REVIEW_NOT_YET before the reveal. */
export async function getReview(id: string, signal?: AbortSignal): Promise<ReviewQuestion[]> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/review`, { schema: reviewResponseSchema, signal });
  return data.questions;
}

export function useReview(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: attemptKeys.review(id),
    queryFn: ({ signal }) => getReview(id, signal),
    staleTime: 5 * 60_000,
    enabled,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** GET /api/me/attempts: the candidate's attempts, with score and percentile once submitted. */
export async function getMyAttempts(signal?: AbortSignal): Promise<MyAttempt[]> {
  const { data } = await apiRequest('me/attempts', { schema: myAttemptsResponseSchema, signal });
  return data;
}

export function useMyAttempts() {
  return useQuery({ queryKey: attemptKeys.mine(), queryFn: ({ signal }) => getMyAttempts(signal), staleTime: 30_000 });
}

/** PUT or DELETE /api/bookmarks/:questionId; the review's copy of the flag follows at once. */
export function useBookmark(attemptId: string) {
  const queryClient = useQueryClient();
  const key = attemptKeys.review(attemptId);
  const setFlag = (questionId: string, bookmarked: boolean) =>
    queryClient.setQueryData<ReviewQuestion[]>(key, (questions) => questions?.map((q) => (q.questionId === questionId ? { ...q, bookmarked } : q)));
  return useMutation({
    mutationFn: async ({ questionId, bookmarked }: { questionId: string; bookmarked: boolean }) => {
      const answer: { data: { questionId: string; bookmarked: boolean } } | undefined = await apiRequest(`bookmarks/${encodeURIComponent(questionId)}`, {
        method: bookmarked ? 'PUT' : 'DELETE',
        schema: bookmarkResponseSchema,
      });
      // A DELETE may answer 204 with no body.
      return answer?.data ?? { questionId, bookmarked };
    },
    onMutate: ({ questionId, bookmarked }) => setFlag(questionId, bookmarked),
    onError: (_error, { questionId, bookmarked }) => setFlag(questionId, !bookmarked),
    onSuccess: (data) => setFlag(data.questionId, data.bookmarked),
  });
}

/** POST /api/practice/sessions: a practice session of the given questions (a review's wrong answers). */
export async function startPractice(questionIds: string[]): Promise<PracticeSession> {
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
