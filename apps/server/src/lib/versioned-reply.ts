import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VersionedAnswer } from './response-cache.js';

/**
 * Sends JSON serialized ahead (a cached answer, checked against its response schema when it was
 * made): Fastify passes a string with a JSON content type through without serializing it again.
 */
export function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends a cached JSON answer that browsers and proxies may keep for a minute. The data's version
 * doubles as the ETag, so a returning browser that holds the current version gets a 304 with no body.
 */
export async function replyVersioned(request: FastifyRequest, reply: FastifyReply, answer: VersionedAnswer) {
  if (request.method === 'GET') {
    const etag = `W/"c${answer.version}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  }
  return sendSerialized(reply, await answer.body());
}
