import type { ErrorBody, ErrorDetail } from '@abhyas/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors.js';
import { AppError, serviceUnavailable, validationFailed } from '../lib/errors.js';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/** Turns zod issues into one detail per field; unknown keys are named one by one. */
export function detailsFromIssues(issues: ValidationIssue[], context?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        details.push({ field: field ? `${field}.${key}` : key, message: `Unknown field "${key}" cannot be set` });
      }
      continue;
    }
    if (issue.keyword === 'invalid_type' && !field) {
      details.push({ field: '', message: `The ${context ?? 'request'} must be a JSON object` });
      continue;
    }
    details.push({ field, message: issue.message ?? 'Invalid value' });
  }
  return details;
}

function send(reply: FastifyReply, statusCode: number, code: string, message: string, details?: ErrorDetail[]) {
  const body: ErrorBody = details ? { statusCode, code, message, details } : { statusCode, code, message };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function sendAppError(reply: FastifyReply, err: AppError) {
  if (err.headers) reply.headers(err.headers);
  return send(reply, err.statusCode, err.code, err.message, err.details);
}

/** Fastify's own error codes mapped onto ours, with a message a person can read. */
const FASTIFY_ERRORS: Record<string, [number, ErrorBody['code'], string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'MALFORMED_JSON', 'The request body does not match its Content-Length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is empty but declared as JSON'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'MALFORMED_JSON', 'The request body is not valid JSON'],
  FST_ERR_REP_INVALID_PAYLOAD_TYPE: [500, 'INTERNAL', 'Something went wrong on our side'],
};

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        // A 503 is a known, passing condition (the client is told when to retry), not a fault to chase.
        if (err.statusCode === 503) request.log.warn({ err }, err.message);
        else if (err.statusCode >= 500) request.log.error({ err }, err.message);
        return sendAppError(reply, err);
      }
      // The database being away is not a fault in this request or in our code: the client may retry.
      if (isDatabaseUnavailable(err)) {
        request.log.warn({ err }, 'database unavailable');
        return sendAppError(reply, serviceUnavailable());
      }
      // Text the database cannot store is the request's fault, whichever field let it through.
      if (isUnstorableText(err)) {
        request.log.warn({ err }, 'text the database cannot store');
        return send(reply, 400, 'VALIDATION_FAILED', 'The request holds text that cannot be stored (such as the NUL character)');
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const e = validationFailed(detailsFromIssues(err.validation as ValidationIssue[], err.validationContext));
        return send(reply, 400, e.code, e.message, e.details);
      }
      const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
      if (known && known[0] < 500) return send(reply, known[0], known[1], known[2]);
      if (err instanceof SyntaxError && err.statusCode === 400) {
        return send(reply, 400, 'MALFORMED_JSON', 'The request body is not valid JSON');
      }
      if (err.statusCode === 429) {
        return send(reply, 429, 'RATE_LIMITED', 'Too many requests. Try again later.');
      }
      if (err.code === 'FST_ERR_NOT_FOUND') return send(reply, 404, 'NOT_FOUND', 'Not found');
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return send(reply, err.statusCode, err.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', 'The request could not be processed');
      }
      request.log.error({ err, reqId: request.id }, 'unexpected error');
      return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'errors' },
);

export { send as sendError };
