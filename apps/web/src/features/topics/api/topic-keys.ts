import type { TopicFilter } from '@abhyas/contracts';

/** Query keys for the public topics. */
export const topicKeys = {
  all: ['topics'] as const,
  lists: () => [...topicKeys.all, 'list'] as const,
  everything: () => [...topicKeys.lists(), 'all'] as const,
  filtered: (filter: TopicFilter) => [...topicKeys.lists(), 'filtered', filter] as const,
  detail: (slug: string) => [...topicKeys.all, 'detail', slug] as const,
};
