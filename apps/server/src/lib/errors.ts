import { localizeMessage, type ErrorCode, type ErrorDetail, type Language } from '@abhyas/contracts';

export type Said = { message: string; details?: ErrorDetail[] };

const detailIn = (detail: ErrorDetail, language: Language): ErrorDetail => ({ field: detail.field, message: localizeMessage(detail.message, language) });

/** A message and its details, written in English, in `language`. */
export function sayIn(language: Language, message: string, details?: ErrorDetail[]): Said {
  const said = localizeMessage(message, language);
  return details ? { message: said, details: details.map((d) => detailIn(d, language)) } : { message: said };
}

/**
 * The one error type services throw, its message written in English; the error handler turns it
 * into the wire shape in the requester's language.
 */
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

  /** The message and details in `language`. */
  saidIn(language: Language): Said {
    return sayIn(language, this.message, this.details);
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

/** The first problems of a request, and its message naming the first few, in `language`; `problems` is how many there are in all. */
function summary(first: ErrorDetail[], problems: number, language: Language): Required<Said> {
  const left = problems - MAX_DETAILS;
  const details = left > 0 ? [...first, { field: '', message: localizeMessage(`${left} more problems were left out`, language) }] : first;
  const said = first.slice(0, DETAILS_IN_MESSAGE).map((d) => (d.field ? `${d.field}: ${d.message}` : d.message));
  if (problems > DETAILS_IN_MESSAGE) said.push(localizeMessage(`and ${problems - DETAILS_IN_MESSAGE} more`, language));
  return { message: said.join('; '), details };
}

/** A request refused for its fields: the message repeats the first details, so it is said again from them in each language. */
class ValidationFailed extends AppError {
  readonly #first: ErrorDetail[];
  readonly #problems: number;

  constructor(problems: ErrorDetail[]) {
    const first = problems.slice(0, MAX_DETAILS);
    const { message, details } = summary(first, problems.length, 'en');
    super('VALIDATION_FAILED', 400, message, details);
    this.#first = first;
    this.#problems = problems.length;
  }

  override saidIn(language: Language): Said {
    return summary(this.#first.map((d) => detailIn(d, language)), this.#problems, language);
  }
}

export const validationFailed = (details: ErrorDetail[]): AppError => new ValidationFailed(details);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError('RATE_LIMITED', 429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (message = 'The service is briefly unavailable. Please try again in a moment.') =>
  new AppError('SERVICE_UNAVAILABLE', 503, message, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
