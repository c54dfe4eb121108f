import { authResponseSchema, changePasswordRequestSchema, loginRequestSchema, registerRequestSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../lib/response-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { changePassword, login, logout, register, type AuthDeps } from './auth.service.js';

type Options = { deps: AuthDeps; guards: Guards; perIpPerMinute: number };

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, perIpPerMinute }) => {
  const rateLimit = { max: perIpPerMinute, timeWindow: '1 minute' };

  app.post(
    '/auth/register',
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema }, errorStatuses: [409] }, config: { rateLimit } },
    async (request, reply) => reply.code(201).send(await register(deps, request.body)),
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema }, errorStatuses: [401] }, config: { rateLimit } },
    async (request) => login(deps, request.body, request.ip),
  );

  app.post('/auth/logout', { onRequest: guards.requireUser, schema: { response: { 204: noContent } } }, async (request, reply) => {
    await logout(deps, request.user!);
    return reply.code(204).send();
  });

  app.post(
    '/auth/password',
    { onRequest: guards.requireUser, schema: { body: changePasswordRequestSchema, response: { 200: authResponseSchema } }, config: { rateLimit } },
    async (request) => changePassword(deps, request.user!, request.body),
  );
};

export default authRoutes;
