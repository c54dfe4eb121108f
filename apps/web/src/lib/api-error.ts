import type { ErrorBody, ErrorDetail } from '@abhyas/contracts';

/** Codes the client itself assigns when the server gave no error body to read. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  body?: ErrorBody | null;
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

/** A failed API call: the server's error body (docs/PRODUCT.md §4) or, without one, a readable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure). */
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly body: ErrorBody | null;
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.body = init.body ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** True for an ApiError (narrowing helper for `onError` callbacks). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message a person can read for any thrown value: the API's own message, or a generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
