import type { NoticeList } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { noticeKeys } from './notice-keys';

/** POST /api/me/notices/read (204): these notices, or every one when `ids` is left out. */
export async function markNoticesRead(ids?: string[]): Promise<void> {
  await apiRequest('me/notices/read', { method: 'POST', body: ids ? { ids } : {} });
}

/** Marks notices read; the list and the bell's count follow at once, then the list is fetched again. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onSuccess: (_data, ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NoticeList>(noticeKeys.list(), (list) => {
        if (!list) return list;
        const data = list.data.map((n) => (n.readAt === null && (!ids || ids.includes(n.id)) ? { ...n, readAt: now } : n));
        return { data, unread: ids ? Math.max(0, list.unread - list.data.filter((n) => n.readAt === null && ids.includes(n.id)).length) : 0 };
      });
      void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    },
  });
}
