import type { UseQueryResult } from '@tanstack/react-query';
import { t } from '@/i18n/i18n';
import { contentFetchErrorMessage } from '@/lib/content-error';
import { QueryError } from './query-error';

/**
 * A failed blog or topic fetch: the error's message, or the contract's fallback
 * `Failed to fetch blogs` (used for topics too), with a retry unless trying again cannot help.
 */
export function ContentQueryError({ query, retryable = true }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching'>; retryable?: boolean }) {
  if (!query.isError) return null;
  return (
    <QueryError
      message={contentFetchErrorMessage(query.error)}
      retryLabel={t('content.retry')}
      onRetry={retryable ? () => void query.refetch() : undefined}
      retrying={query.isFetching}
    />
  );
}
