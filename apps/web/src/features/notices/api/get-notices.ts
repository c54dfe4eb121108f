import { noticeListSchema, type NoticeList } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { noticeKeys } from './notice-keys';

/** How often an open page asks for new notices. */
export const NOTICE_POLL_MS = 60_000;

/** GET /api/me/notices: the person's notices, newest first, and how many are unread. */
export async function getNotices(signal?: AbortSignal): Promise<NoticeList> {
  return apiRequest('me/notices', { schema: noticeListSchema, signal });
}

/** The notices, asked for again every minute while the page is open and when the window regains focus. */
export function useNotices() {
  return useQuery({
    queryKey: noticeKeys.list(),
    queryFn: ({ signal }) => getNotices(signal),
    refetchInterval: NOTICE_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
