import type { ErrorCode, ErrorDetail } from '@abhyas/contracts';

/** The one error type services throw; the error handler turns it into the wire shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const unauthorized = (message = 'Sign in to continue') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', 403, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, 409, message);
/** Enough details to correct a request by: a body of thousands of unknown keys must not get an answer ten times its size. */
const MAX_DETAILS = 50;
/** The message repeats the first few details; the rest are in `details`. */
const DETAILS_IN_MESSAGE = 10;

export function validationFailed(details: ErrorDetail[]) {
  const left = details.length - MAX_DETAILS;
  const kept = left > 0 ? [...details.slice(0, MAX_DETAILS), { field: '', message: `${left} more problems were left out` }] : details;
  const said = details.slice(0, DETAILS_IN_MESSAGE).map((d) => (d.field ? `${d.field}: ${d.message}` : d.message));
  if (details.length > DETAILS_IN_MESSAGE) said.push(`and ${details.length - DETAILS_IN_MESSAGE} more`);
  return new AppError('VALIDATION_FAILED', 400, said.join('; '), kept);
}
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError('RATE_LIMITED', 429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (message = 'The service is briefly unavailable. Please try again in a moment.') =>
  new AppError('SERVICE_UNAVAILABLE', 503, message, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
