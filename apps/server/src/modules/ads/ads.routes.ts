import { AD_LIMITS, adInputSchema, adminAdListResponseSchema, adminAdResponseSchema, adsByLocationQuerySchema, adsByLocationResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { idParams, noContent } from '../../lib/http-schemas.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { sendSerialized } from '../../lib/versioned-reply.js';
import type { Guards } from '../../plugins/auth.js';
import { adsAnswer, createAd, getAd, listAds, recordAdEvent, updateAd } from './ads.service.js';

type Deps = { db: Db; clock: Clock };

/**
 * The ads candidates see: GET /api/advertisements/getAdsbyLocation (the original client's path,
 * docs/PRODUCT.md §4) and the impression and click counters the banner reports to.
 */
export const adsPublicRoutes: FastifyPluginAsyncZod<{ deps: Deps; guards: Guards }> = async (app, { deps, guards }) => {
  const publicDeps = { ...deps, answers: new ResponseCache(2000, 8 * 1024 * 1024) };
  app.get(
    '/advertisements/getAdsbyLocation',
    { onRequest: guards.optionalUser, schema: { querystring: adsByLocationQuerySchema, response: { 200: adsByLocationResponseSchema } } },
    async (request, reply) => {
      const answer = await adsAnswer(publicDeps, request.query.pincode, request.user);
      // The answer depends on who asks (a minor gets national ads only), so only the browser keeps it.
      reply.header('cache-control', 'private, max-age=60').header('vary', 'authorization');
      return sendSerialized(reply, await answer.body());
    },
  );

  // Counted from the banner with navigator.sendBeacon: no body, no answer to read.
  const counted = {
    schema: { params: idParams, response: { 204: noContent } },
    config: { rateLimit: { max: AD_LIMITS.eventsPerMinute, timeWindow: '1 minute' } },
  };
  app.post('/advertisements/:id/impression', counted, async (request, reply) => {
    await recordAdEvent(deps, request.params.id, 'impression');
    return reply.code(204).send();
  });
  app.post('/advertisements/:id/click', counted, async (request, reply) => {
    await recordAdEvent(deps, request.params.id, 'click');
    return reply.code(204).send();
  });
};

/** /api/admin/ads, inside the admin scope: create, edit and follow ads. */
export const adsAdminRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/', { schema: { response: { 200: adminAdListResponseSchema } } }, async () => ({ data: await listAds(deps) }));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminAdResponseSchema } } }, async (request) => ({ data: await getAd(deps, request.params.id) }));
  app.post('/', { schema: { body: adInputSchema, response: { 201: adminAdResponseSchema } } }, async (request, reply) =>
    reply.code(201).send({ data: await createAd(deps, request.body, request.user!.id) }),
  );
  app.put('/:id', { schema: { params: idParams, body: adInputSchema, response: { 200: adminAdResponseSchema } } }, async (request) => ({
    data: await updateAd(deps, request.params.id, request.body),
  }));
};
