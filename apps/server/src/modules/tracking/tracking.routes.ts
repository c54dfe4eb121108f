import { normalizeIP } from '@fastify/rate-limit';
import { TRACKING_BODY_MAX_BYTES, trackingRecordSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { noContent } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import type { PageViewRecorder } from './page-view-recorder.js';
import { acceptPageView } from './tracking.service.js';

type Options = { deps: { clock: Clock; recorder: PageViewRecorder }; guards: Guards; perIpPerMinute: number; publicUrl: string };

/**
 * POST /public/trackUser (docs/PRODUCT.md §4): one page view, answered 204 whatever becomes of it, so a
 * browser learns nothing from the answer and never waits on the database. Past the per-IP limit
 * the answer is the same 204 and nothing is recorded: a 429 would only make a flooding client
 * retry, and the page that sent it shows nothing either way.
 */
const trackingRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, perIpPerMinute, publicUrl }) => {
  const siteOrigin = new URL(publicUrl).origin;
  // Shared between processes through Redis when REDIS_URL is set, like the other rate limits.
  const perIp = app.createRateLimit({ max: perIpPerMinute, timeWindow: 60_000, keyGenerator: (req) => `track:${normalizeIP(req.ip)}`, skipOnError: true });

  // navigator.sendBeacon sends a string body as text/plain; on this route that text is the JSON record.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/public/trackUser',
    {
      bodyLimit: TRACKING_BODY_MAX_BYTES,
      onRequest: [
        async (request, reply) => {
          const limit = await perIp(request);
          if (!limit.isAllowed && limit.isExceeded) return reply.code(204).send();
        },
        guards.optionalUser,
      ],
      schema: { body: trackingRecordSchema, consumes: ['application/json', 'text/plain'], response: { 204: noContent } },
    },
    async (request, reply) => {
      acceptPageView(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        host: request.headers.host,
        referer: request.headers.referer,
        siteOrigin,
        doNotTrack: request.headers.dnt === '1',
        globalPrivacyControl: request.headers['sec-gpc'] === '1',
        user: request.user,
      });
      return reply.code(204).send();
    },
  );
};

export default trackingRoutes;
