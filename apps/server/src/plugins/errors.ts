import type { ErrorBody, ErrorDetail, Language } from '@abhyas/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors.js';
import { AppError, sayIn, serviceUnavailable, validationFailed, type Said } from '../lib/errors.js';
import { requestLanguage } from '../lib/language.js';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/** A key is chosen by the sender: it is named in the answer only up to a length that identifies it. */
const clipKey = (key: string) => (key.length > 64 ? `${key.slice(0, 64)}…` : key);

/** Turns zod issues into one detail per field; unknown keys are named one by one. */
export function detailsFromIssues(issues: ValidationIssue[], context?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of (issue.params.keys as string[]).map(clipKey)) {
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

/** The answer's words depend on the request's Accept-Language: a cache keeps one per language. */
function varyByLanguage(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const names = String(vary ?? '').split(',').map((n) => n.trim().toLowerCase());
  if (!names.includes('accept-language') && !names.includes('*')) reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
}

function write(reply: FastifyReply, statusCode: number, code: string, language: Language, { message, details }: Said) {
  const body: ErrorBody = details ? { statusCode, code, message, details } : { statusCode, code, message };
  varyByLanguage(reply);
  return reply.code(statusCode).header('content-language', language).type('application/json; charset=utf-8').send(body);
}

/** Sends the one error shape, its message (written in English) and details in the requester's language. */
function send(reply: FastifyReply, statusCode: number, code: string, message: string, details?: ErrorDetail[]) {
  const language = requestLanguage(reply.request.headers['accept-language']);
  return write(reply, statusCode, code, language, sayIn(language, message, details));
}

function sendAppError(reply: FastifyReply, err: AppError) {
  if (err.headers) reply.headers(err.headers);
  const language = requestLanguage(reply.request.headers['accept-language']);
  return write(reply, err.statusCode, err.code, language, err.saidIn(language));
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

/** Fastify's answers for a request line its router cannot take, in the one error shape. */
const ROUTER_ERRORS: Record<string, [number, ErrorBody['code'], string]> = {
  FST_ERR_BAD_URL: [400, 'VALIDATION_FAILED', 'The address is not valid: it has a malformed percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG', 'The address is too long'],
};

/**
 * Fastify's `frameworkErrors`: the router's rejections of a request line. No hook has run for such
 * a request, so the security headers and the request id are added here.
 */
export function routerErrorHandler(headers: Readonly<Record<string, string>>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header('x-request-id', request.id);
    const known = ROUTER_ERRORS[err.code];
    if (known) return send(reply, known[0], known[1], known[2]);
    request.log.error({ err, reqId: request.id }, 'unexpected router error');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  };
}

// Node gives the packet as a Buffer; Fastify's type describes its JSON form.
type ClientError = Error & { code?: string; rawPacket?: unknown; bytesParsed?: number };

/** Node's parser counts the request line with the headers: it is the address that is too long when the line never ended. */
function requestLineTooLong(err: ClientError): boolean {
  if (!Buffer.isBuffer(err.rawPacket)) return false;
  const parsed = err.rawPacket.subarray(0, err.bytesParsed ?? err.rawPacket.length);
  return /^[A-Z]+ /.test(parsed.toString('latin1', 0, 16)) && !parsed.includes('\r\n');
}

function clientErrorAnswer(err: ClientError): [number, ErrorBody['code'], string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive'];
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineTooLong(err) ? [414, 'URI_TOO_LONG', 'The address is too long'] : [431, 'HEADERS_TOO_LARGE', 'The request headers are too large'];
  }
  return [400, 'VALIDATION_FAILED', 'The request could not be read'];
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser rejected the request before Fastify saw it
 * (an over-long request line or headers, a malformed request, a timeout). The answer is written to
 * the socket directly, in the one error shape with the security headers.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return (err: ClientError, socket: Socket) => {
    // A reset connection has no one left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [statusCode, code, message] = clientErrorAnswer(err);
    const body = JSON.stringify({ statusCode, code, message } satisfies ErrorBody);
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
}

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
        return sendAppError(reply, validationFailed(detailsFromIssues(err.validation as ValidationIssue[], err.validationContext)));
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
