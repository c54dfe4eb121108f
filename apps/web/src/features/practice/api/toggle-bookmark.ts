import { bookmarkResponseSchema, type PracticeSession } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { withBookmark } from '../utils/session-progress';
import { practiceKeys } from './practice-keys';

export interface BookmarkChange {
  questionId: string;
  bookmarked: boolean;
}

/** PUT or DELETE /api/bookmarks/:questionId: both idempotent. */
export async function setBookmark({ questionId, bookmarked }: BookmarkChange): Promise<boolean> {
  const { data } = await apiRequest(`bookmarks/${encodeURIComponent(questionId)}`, { method: bookmarked ? 'PUT' : 'DELETE', schema: bookmarkResponseSchema });
  return data.bookmarked;
}

/** Bookmarks or un-bookmarks a question; every session on screen shows the change at once. */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  const showEverywhere = (change: BookmarkChange) =>
    queryClient.setQueriesData<PracticeSession>({ queryKey: [...practiceKeys.all, 'session'] }, (session) => session && withBookmark(session, change));
  return useMutation({
    mutationFn: setBookmark,
    onMutate: (change) => showEverywhere(change),
    onError: (_error, change) => showEverywhere({ ...change, bookmarked: !change.bookmarked }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.bookmarks() }),
  });
}
