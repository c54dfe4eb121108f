import { bookmarkResponseSchema, type ReviewQuestion } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { attemptKeys } from './attempt-keys';

export interface BookmarkChange {
  questionId: string;
  bookmarked: boolean;
}

/** PUT or DELETE /api/bookmarks/:questionId: the question's bookmark set or taken off. */
export async function setBookmark({ questionId, bookmarked }: BookmarkChange): Promise<BookmarkChange> {
  const answer: { data: BookmarkChange } | undefined = await apiRequest(`bookmarks/${encodeURIComponent(questionId)}`, {
    method: bookmarked ? 'PUT' : 'DELETE',
    schema: bookmarkResponseSchema,
  });
  // A DELETE may answer 204 with no body.
  return answer?.data ?? { questionId, bookmarked };
}

/** A bookmark from the review page; the review's copy of the flag follows at once. */
export function useBookmark(attemptId: string) {
  const queryClient = useQueryClient();
  const key = attemptKeys.review(attemptId);
  const setFlag = (questionId: string, bookmarked: boolean) =>
    queryClient.setQueryData<ReviewQuestion[]>(key, (questions) => questions?.map((q) => (q.questionId === questionId ? { ...q, bookmarked } : q)));
  return useMutation({
    mutationFn: setBookmark,
    onMutate: ({ questionId, bookmarked }) => setFlag(questionId, bookmarked),
    onError: (_error, { questionId, bookmarked }) => setFlag(questionId, !bookmarked),
    onSuccess: (data) => setFlag(data.questionId, data.bookmarked),
  });
}
