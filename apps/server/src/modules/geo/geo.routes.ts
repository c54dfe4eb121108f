import { geoAddressSchema, geoReverseQuerySchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReverseGeocoding, type GeoDeps } from './geo.service.js';

/** Lookups one address may make per minute; generous, as many phones share one carrier address. */
const LOOKUPS_PER_MINUTE = 120;

/**
 * GET /api/geo/reverse?lat=&lon=: the address at a position, for the location facility. The
 * browser never calls the geocoding service itself (docs/PRODUCT.md §8.4).
 */
const geoRoutes: FastifyPluginAsyncZod<{ deps: GeoDeps }> = async (app, { deps }) => {
  const reverseGeocode = createReverseGeocoding(deps);
  app.get(
    '/geo/reverse',
    { schema: { querystring: geoReverseQuerySchema, response: { 200: geoAddressSchema }, errorStatuses: [404, 502] }, config: { rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const address = await reverseGeocode(request.query.lat, request.query.lon);
      // The answer depends on the rounded coordinates alone.
      reply.header('cache-control', 'public, max-age=86400');
      return address;
    },
  );
};

export default geoRoutes;
