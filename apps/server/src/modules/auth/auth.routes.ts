import { authResponseSchema, changePasswordRequestSchema, loginRequestSchema, registerRequestSchema } from '@abhyas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseCookies, serializeCookie } from '../../lib/cookies.js';
import { noContent } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { changePassword, login, logout, register, type Client } from './auth.service.js';
import type { DeviceCookieWriter } from './device-cookie-writer.js';
import type { ResetDeps } from './password-reset.service.js';
import passwordResetRoutes from './password-reset.routes.js';
import { DEVICE_TTL_MS } from './trusted-devices.js';

type Options = { deps: ResetDeps; guards: Guards; perIpPerMinute: number; secureCookies: boolean };

export const clientOf = (request: FastifyRequest): Client => ({ ip: request.ip, cookies: parseCookies(request.headers.cookie) });

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, perIpPerMinute, secureCookies }) => {
  const rateLimit = { max: perIpPerMinute, timeWindow: '1 minute' };
  // Sent only to the sign-in routes, never to script, never from another site (docs/PRODUCT.md §8.1).
  const setDevice: DeviceCookieWriter = (reply, device) =>
    void reply.header('set-cookie', serializeCookie(device.name, device.value, { path: '/api/auth', maxAgeSeconds: DEVICE_TTL_MS / 1000, secure: secureCookies }));

  app.post(
    '/auth/register',
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema }, errorStatuses: [409] }, config: { rateLimit } },
    async (request, reply) => {
      const { auth, device } = await register(deps, request.body);
      setDevice(reply, device);
      return reply.code(201).send(auth);
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema }, errorStatuses: [401] }, config: { rateLimit } },
    async (request, reply) => {
      const { auth, device } = await login(deps, request.body, clientOf(request));
      setDevice(reply, device);
      return auth;
    },
  );

  app.post('/auth/logout', { onRequest: guards.requireUser, schema: { response: { 204: noContent } } }, async (request, reply) => {
    await logout(deps, request.user!);
    return reply.code(204).send();
  });

  app.post(
    '/auth/password',
    { onRequest: guards.requireUser, schema: { body: changePasswordRequestSchema, response: { 200: authResponseSchema } }, config: { rateLimit } },
    async (request, reply) => {
      const { auth, device } = await changePassword(deps, request.user!, request.body, request.id);
      setDevice(reply, device);
      return auth;
    },
  );

  await app.register(passwordResetRoutes, { deps, rateLimit, setDevice });
};

export default authRoutes;
