import { adminUserListQuerySchema, adminUserPageSchema, adminUserResponseSchema, roleChangeSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import { changeRole, listUsers } from './admin-users.service.js';

const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }) });

/** The users table for admins (DESIGN.md §4, sample users service): list and role changes. */
const adminUsersRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock }; guards: Guards }> = async (app, { deps, guards }) => {
  guardEveryRoute(app, guards.requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserPageSchema } } }, async (req) => listUsers(deps, req.query));
  app.patch('/:id/role', { schema: { params: idParams, body: roleChangeSchema, response: { 200: adminUserResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await changeRole(deps, req.user!, req.params.id, req.body.role),
  }));
};

export default adminUsersRoutes;
