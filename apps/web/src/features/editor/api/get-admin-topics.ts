import { adminTopicListSchema, type AdminTopic } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** GET /api/admin/topics: every topic, drafts included (editor or admin). */
export async function getAdminTopics(signal?: AbortSignal): Promise<AdminTopic[]> {
  const { data } = await apiRequest('admin/topics', { schema: adminTopicListSchema, signal });
  return data;
}

/** Query options for the editor's list of topics. */
export function adminTopicsQueryOptions() {
  return queryOptions({ queryKey: editorKeys.topics(), queryFn: ({ signal }) => getAdminTopics(signal) });
}

/** Every topic, for the editor's list. */
export function useAdminTopics() {
  return useQuery(adminTopicsQueryOptions());
}
