import { topicPageSchema, type TopicFilter, type TopicPage } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './topic-keys';

/**
 * POST /topics/all on the alt base (docs/PRODUCT.md §4): one page of topics matching the filter. A POST
 * that only reads, so it is cached as a query keyed by the filter.
 */
export function filterTopics(filter: TopicFilter, signal?: AbortSignal): Promise<TopicPage> {
  return apiRequest('/topics/all', { method: 'POST', base: 'alt', body: filter, schema: topicPageSchema, signal });
}

/** Query options for one filtered page of topics. */
export function filteredTopicsQueryOptions(filter: TopicFilter) {
  return queryOptions({
    queryKey: topicKeys.filtered(filter),
    queryFn: ({ signal }) => filterTopics(filter, signal),
    staleTime: 60_000,
  });
}

/** One filtered page; the previous page's results stay on screen while the next one loads. */
export function useFilteredTopics(filter: TopicFilter) {
  return useQuery({ ...filteredTopicsQueryOptions(filter), placeholderData: keepPreviousData });
}
