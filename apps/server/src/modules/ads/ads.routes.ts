import { AD_LIMITS, adInputSchema, adminAdListResponseSchema, adminAdResponseSchema, adsByLocationQuerySchema, adsByLocationResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import { readCounter } from '../../db/counters.repo.js';
import { ResponseCache, sendCachedJson } from '../../lib/response-cache.js';
import { noContent } from '../../lib/response-schemas.js';
import { adPlaceFor, adsForPlace, createAd, getAd, listAds, recordAdEvent, updateAd } from './ads.service.js';

type Options = { deps: { db: Db; clock: Clock }; guards: Guards };

/**
 * How long a place's ad list is served from memory at most: an ad whose start or end time passes
 * shows or goes within this; an ad written anywhere retires every process's lists at once.
 */
const AD_LIST_CACHE_MS = 15_000;

const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }) });

/**
 * The ads candidates see: GET /api/advertisements/getAdsbyLocation (the specification's path,
 * DESIGN.md §3) and the impression and click counters the banner reports to.
 */
export const adsPublicRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  const cache = new ResponseCache(2000, 8 * 1024 * 1024);
  app.get(
    '/advertisements/getAdsbyLocation',
    { onRequest: guards.optionalUser, schema: { querystring: adsByLocationQuerySchema, response: { 200: adsByLocationResponseSchema } } },
    async (request, reply) => {
      const now = deps.clock.now();
      const place = adPlaceFor(request.query.pincode, request.user, now);
      const key = place ?? 'national';
      const version = await readCounter(deps.db, 'ads');
      const make = async () => JSON.stringify(adsByLocationResponseSchema.parse({ data: await adsForPlace(deps, place) }));
      const body = await cache.through(key, version, make, { now, ttlMs: AD_LIST_CACHE_MS });
      // The answer depends on who asks (a minor gets national ads only), so only the browser keeps it.
      reply.header('cache-control', 'private, max-age=60').header('vary', 'authorization');
      return sendCachedJson(reply, body);
    },
  );

  // Counted from the banner with navigator.sendBeacon: no body, no answer to read.
  const counted = { schema: { params: idParams, response: { 204: noContent } }, config: { rateLimit: { max: AD_LIMITS.eventsPerMinute, timeWindow: '1 minute' } } };
  app.post('/advertisements/:id/impression', counted, async (request, reply) => {
    await recordAdEvent(deps, request.params.id, 'impression');
    return reply.code(204).send();
  });
  app.post('/advertisements/:id/click', counted, async (request, reply) => {
    await recordAdEvent(deps, request.params.id, 'click');
    return reply.code(204).send();
  });
};

/** /api/admin/ads: admins create, edit and follow ads. */
export const adsAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  guardEveryRoute(app, guards.requireRole('editor', 'admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', { schema: { response: { 200: adminAdListResponseSchema } } }, async () => ({ data: await listAds(deps) }));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminAdResponseSchema } } }, async (request) => ({ data: await getAd(deps, request.params.id) }));
  app.post('/', { schema: { body: adInputSchema, response: { 201: adminAdResponseSchema } } }, async (request, reply) =>
    reply.code(201).send({ data: await createAd(deps, request.body, request.user!.id) }),
  );
  app.put('/:id', { schema: { params: idParams, body: adInputSchema, response: { 200: adminAdResponseSchema } } }, async (request) => ({
    data: await updateAd(deps, request.params.id, request.body),
  }));
};
