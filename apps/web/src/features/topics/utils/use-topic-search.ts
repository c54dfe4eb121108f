import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseTopicSearch, topicSearchToString, type TopicSearch } from './topic-search';

export interface SetTopicSearchOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
  /** Scroll to the top (changing page); filters keep the scroll position. */
  resetScroll?: boolean;
}

/**
 * The /topics view, kept in the query string so a filtered list can be shared and Back returns to
 * the previous filters.
 */
export function useTopicSearch() {
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => parseTopicSearch(new URLSearchParams(query)), [query]);

  const setSearch = useCallback(
    (next: TopicSearch, { replace = false, resetScroll = false }: SetTopicSearchOptions = {}) => {
      const nextQuery = topicSearchToString(next);
      void navigate({ search: nextQuery ? `?${nextQuery}` : '' }, { replace, preventScrollReset: !resetScroll });
    },
    [navigate],
  );

  return { search, setSearch };
}
