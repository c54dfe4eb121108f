import { bookmarkListResponseSchema, type BookmarkItem } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /api/bookmarks: the candidate's bookmarked questions, newest first. */
export async function getBookmarks(signal?: AbortSignal): Promise<BookmarkItem[]> {
  const { data } = await apiRequest('bookmarks', { schema: bookmarkListResponseSchema, signal });
  return data;
}

export function useBookmarks() {
  return useQuery(queryOptions({ queryKey: practiceKeys.bookmarks(), queryFn: ({ signal }) => getBookmarks(signal) }));
}
