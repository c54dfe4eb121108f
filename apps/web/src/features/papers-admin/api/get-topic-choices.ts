import { adminTopicListSchema, type AdminTopic } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/** GET /api/admin/topics: the learning topics a blueprint rule or the picker's filter can name. */
export async function getTopicChoices(signal?: AbortSignal): Promise<AdminTopic[]> {
  const { data } = await apiRequest('admin/topics', { schema: adminTopicListSchema, signal });
  return data;
}

export function useTopicChoices() {
  return useQuery(queryOptions({ queryKey: testKeys.topicChoices(), queryFn: ({ signal }) => getTopicChoices(signal), staleTime: 60_000 }));
}
