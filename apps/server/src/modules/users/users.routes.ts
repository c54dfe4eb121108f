import { profileResponseSchema, profileUpdateSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Guards } from '../../plugins/auth.js';
import { toUserDto } from './users.dto.js';
import { updateProfile } from './users.service.js';

type Options = { deps: { db: Db; clock: Clock }; guards: Guards };

// Paths fixed by the original client (docs/PRODUCT.md §4).
const usersRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  app.get(
    '/users/profile',
    // A profile is well under the compression threshold: the hooks would only look.
    { onRequest: guards.requireUser, schema: { response: { 200: profileResponseSchema } }, compress: false },
    async (request) => ({ user: toUserDto(request.user!) }),
  );

  app.put(
    '/users/profile/update',
    { onRequest: guards.requireUser, schema: { body: profileUpdateSchema, response: { 200: profileResponseSchema } } },
    async (request) => ({ user: await updateProfile(deps, request.user!, request.body) }),
  );
};

export default usersRoutes;
