import { noticeListSchema, noticeReadInputSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { noContent } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { listNotices, readNotices } from './notices.service.js';

/** /api/me/notices: the signed-in person's notices (`signedIn` guards them). */
const noticeRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock }; guards: Guards }> = async (app, { deps, guards }) => {
  const signedIn = guards.requireUser;
  app.get('/me/notices', { onRequest: signedIn, schema: { response: { 200: noticeListSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listNotices(deps, request.user!.id);
  });
  app.post('/me/notices/read', { onRequest: signedIn, schema: { body: noticeReadInputSchema, response: { 204: noContent } } }, async (request, reply) => {
    await readNotices(deps, request.user!.id, request.body.ids);
    return reply.code(204).send();
  });
};

export default noticeRoutes;
