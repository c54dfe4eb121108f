import { accommodationInputSchema, adminUserListQuerySchema, adminUserPageSchema, adminUserResponseSchema, roleChangeSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { idParams } from '../../lib/http-schemas.js';
import { actorOf } from '../audit/audit.service.js';
import { changeRole, listUsers, setAccommodation } from './admin-users.service.js';

/**
 * /api/admin/users, admins only (docs/PRODUCT.md §2, §4: the users list the client reads): the users
 * list, role changes and compensatory time (§8.11).
 */
const adminUsersRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock } }> = async (app, { deps }) => {
  app.get('/', { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserPageSchema } } }, async (req) => listUsers(deps, req.query));
  app.patch('/:id/role', { schema: { params: idParams, body: roleChangeSchema, response: { 200: adminUserResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await changeRole(deps, actorOf(req)!, req.params.id, req.body.role),
  }));
  app.put('/:id/accommodation', { schema: { params: idParams, body: accommodationInputSchema, response: { 200: adminUserResponseSchema } } }, async (req) => ({
    data: await setAccommodation(deps, actorOf(req)!, req.params.id, req.body.extraMinutesPerHour),
  }));
};

export default adminUsersRoutes;
