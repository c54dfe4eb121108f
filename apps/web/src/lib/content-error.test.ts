import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { contentFetchErrorMessage, isRetryable } from './content-error';

describe('contentFetchErrorMessage', () => {
  it('shows the message the API sent', () => {
    const error = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Topic not found' });
    expect(contentFetchErrorMessage(error)).toBe('Topic not found');
  });

  it('falls back to "Failed to fetch blogs" (docs/PRODUCT.md §7, for blogs and topics alike)', () => {
    expect(contentFetchErrorMessage(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toBe('Failed to fetch blogs');
    expect(contentFetchErrorMessage(new TypeError('x is undefined'))).toBe('Failed to fetch blogs');
    expect(contentFetchErrorMessage(null)).toBe('Failed to fetch blogs');
    expect(contentFetchErrorMessage('boom')).toBe('Failed to fetch blogs');
  });
});

describe('isRetryable', () => {
  it('offers a retry for network and server failures, not for a missing page', () => {
    expect(isRetryable(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'busy' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Blog not found' }))).toBe(false);
  });
});
