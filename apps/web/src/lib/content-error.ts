import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from './api-error';

/**
 * What a failed blog or topic fetch shows: the error's own message, or "Failed to fetch blogs".
 * docs/PRODUCT.md §7 gives that one fallback for topics too, so it is used for both, word for word.
 */
export function contentFetchErrorMessage(error: unknown): string {
  return errorMessage(error, t('content.fetchFailed'));
}

/** Whether trying again could help: not for a 4xx such as "Blog not found", whose answer will not change. */
export function isRetryable(error: unknown): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}
