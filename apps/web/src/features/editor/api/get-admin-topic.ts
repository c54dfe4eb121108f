import { adminTopicResponseSchema, type AdminTopic } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** GET /api/admin/topics/:id: one topic with its Markdown source and status. */
export async function getAdminTopic(id: string, signal?: AbortSignal): Promise<AdminTopic> {
  const { data } = await apiRequest(`admin/topics/${encodeURIComponent(id)}`, { schema: adminTopicResponseSchema, signal });
  return data;
}

/** Query options for one topic being edited. */
export function adminTopicQueryOptions(id: string) {
  return queryOptions({ queryKey: editorKeys.topic(id), queryFn: ({ signal }) => getAdminTopic(id, signal) });
}

/** One topic being edited. */
export function useAdminTopic(id: string) {
  return useQuery(adminTopicQueryOptions(id));
}
