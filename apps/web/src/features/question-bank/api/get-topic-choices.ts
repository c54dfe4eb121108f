import { adminTopicListSchema, type AdminTopic } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/admin/topics: every topic, drafts included, that a question may link to. */
export async function getTopicChoices(signal?: AbortSignal): Promise<AdminTopic[]> {
  const { data } = await apiRequest('admin/topics', { schema: adminTopicListSchema, signal });
  return data;
}

/** Query options for the topic choices of the question form and filters. */
export function topicChoicesQueryOptions() {
  return queryOptions({ queryKey: questionKeys.topicChoices(), queryFn: ({ signal }) => getTopicChoices(signal) });
}

/** The topics a question may link to, by title. */
export function useTopicChoices() {
  return useQuery(topicChoicesQueryOptions());
}
