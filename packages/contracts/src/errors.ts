import { z } from 'zod';

/** Every error code the API can answer with; the web client switches on these, never on messages. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TRANSLATION_TAKEN',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'RESET_LINK_INVALID',
  'ATTEMPT_CLOSED',
  'SECTION_LOCKED',
  'ATTEMPT_TAKEN_OVER',
  'ATTEMPTS_EXHAUSTED',
  'CHALLENGE_CLOSED',
  'REVIEW_NOT_YET',
  'CONTEST_FULL',
  'ALREADY_JOINED',
  'REGISTRATION_CLOSED',
  'PAID_ENTRY_OFF',
  'NOT_JOINED',
  'CONTEST_NOT_OPEN',
  'PAYMENT_INVALID',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'BAD_GATEWAY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error shape sent on every path (docs/PRODUCT.md §4). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
