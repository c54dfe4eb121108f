import { topicListResponseSchema, type TopicListItem } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './topic-keys';

/** GET /api/topics/all (docs/PRODUCT.md §4 lists it on the alt base, /api written in the path): every published topic. */
export async function getAllTopics(signal?: AbortSignal): Promise<TopicListItem[]> {
  const { data } = await apiRequest('/api/topics/all', { base: 'alt', schema: topicListResponseSchema, signal });
  return data;
}

/** Query options for every published topic. */
export function allTopicsQueryOptions() {
  return queryOptions({
    queryKey: topicKeys.everything(),
    queryFn: ({ signal }) => getAllTopics(signal),
    staleTime: 60_000,
  });
}

/** Every published topic; `select` picks a part (the home page features the first six). */
export function useAllTopics<T = TopicListItem[]>(select?: (topics: TopicListItem[]) => T) {
  return useQuery({ ...allTopicsQueryOptions(), select });
}
