import { paymentOrderResponseSchema, paymentVerifyResponseSchema, paymentVerifySchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import type { RazorpayKeys } from './razorpay.js';
import { paymentOrder, receiveWebhook, verifyPayment, type FulfilDeps } from './payments.service.js';
import testGatewayRoutes from './test-gateway.routes.js';

type Options = {
  deps: FulfilDeps;
  guards: Guards;
  /** Payment confirmations per candidate per minute. */
  perMinute: number;
  /** The test gateway's keys when the provider is the test gateway; its pages exist only then. */
  testGateway: RazorpayKeys | null;
};

const webhookHeaders = z.object({
  'x-razorpay-signature': z.string().max(200).optional(),
  'x-razorpay-event-id': z.string().min(1).max(100).optional(),
});
const webhookAnswer = z.object({ received: z.literal(true), outcome: z.enum(['fulfilled', 'refund', 'unchanged', 'duplicate', 'noted', 'ignored']) });

/** Largest webhook read; Razorpay's events are a few kilobytes. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * /api/payments: confirming a payment from Checkout's callback, the provider's webhook, a candidate's
 * own order, and (test provider only) the local checkout pages.
 */
const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, perMinute, testGateway }) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.post(
    '/payments/verify',
    {
      onRequest: guards.requireUser,
      schema: { body: paymentVerifySchema, response: { 200: paymentVerifyResponseSchema } },
      config: { rateLimit: perUserLimit('payment-verify', perMinute) },
    },
    async (request) => {
      const { order, contest } = await verifyPayment(deps, request.user!.id, request.body);
      return { data: order, contest };
    },
  );

  app.get('/payments/orders/:id', { onRequest: guards.requireUser, schema: { params: idParams, response: { 200: paymentOrderResponseSchema } } }, async (request) => ({
    data: await paymentOrder(deps, request.params.id, request.user!.id),
  }));

  // The webhook reads its body as bytes: the signature is over the bytes exactly as sent.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => done(null, body));
    raw.post(
      '/payments/webhook',
      { bodyLimit: WEBHOOK_MAX_BYTES, schema: { headers: webhookHeaders, consumes: ['application/json'], response: { 200: webhookAnswer } } },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiveWebhook(deps, { rawBody, signature: request.headers['x-razorpay-signature'], eventId: request.headers['x-razorpay-event-id'] });
        return { received: true as const, outcome };
      },
    );
  });

  if (testGateway) await app.register(testGatewayRoutes, { prefix: '/payments/test-gateway', deps, keys: testGateway, perMinute });
};

export default paymentsRoutes;
