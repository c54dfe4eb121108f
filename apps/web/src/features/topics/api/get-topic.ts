import { topicResponseSchema, type Topic } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './topic-keys';

/** GET /api/topics/:slug (alt base, /api in the path, as docs/PRODUCT.md §4 writes it); 404 "Topic not found". */
export async function getTopic(slug: string, signal?: AbortSignal): Promise<Topic> {
  const { data } = await apiRequest(`/api/topics/${encodeURIComponent(slug)}`, { base: 'alt', schema: topicResponseSchema, signal });
  return data;
}

/** Query options for one topic by slug. */
export function topicQueryOptions(slug: string) {
  return queryOptions({
    queryKey: topicKeys.detail(slug),
    queryFn: ({ signal }) => getTopic(slug, signal),
    staleTime: 5 * 60_000,
  });
}

/** One published topic. */
export function useTopic(slug: string) {
  return useQuery(topicQueryOptions(slug));
}
