import { forgotPasswordRequestSchema, messageResponseSchema, PASSWORD_RESET, resetPasswordRequestSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceCookieWriter } from './device-cookie-writer.js';
import { forgotPassword, resetPassword, type ResetDeps } from './password-reset.service.js';

type Options = { deps: ResetDeps; rateLimit: { max: number; timeWindow: string }; setDevice: DeviceCookieWriter };

const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, rateLimit, setDevice }) => {
  app.post(
    '/auth/password/forgot',
    {
      schema: {
        description: `Answers the same whether or not an account uses the address; that account is mailed a link that resets its password once, within ${PASSWORD_RESET.linkTtlMinutes} minutes.`,
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      forgotPassword(deps, request.body.email);
      return reply.code(202).send({ message: 'If an account uses this address, a link to reset its password is on its way.' });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        description: 'A link that has expired, was used or was replaced answers 400 `RESET_LINK_INVALID`.',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      setDevice(reply, await resetPassword(deps, request.body, request.id));
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  );

  // A reset mail still being sent when the server stops is sent before it closes.
  app.addHook('onClose', async () => {
    await deps.jobs.drain();
    deps.mailer.close();
  });
};

export default passwordResetRoutes;
