import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/http-schemas.js';
import { receiveWebhook, type FulfilDeps } from './payments.service.js';
import type { RazorpayKeys } from './razorpay.js';
import { checkoutPage, completeAtGateway } from './test-gateway.js';

type Options = { deps: FulfilDeps; keys: RazorpayKeys; perMinute: number };

const orderParams = z.object({ orderId: z.string().max(64, { error: 'Order id is too long' }).regex(/^order_[A-Za-z0-9]{1,40}$/, { error: 'Payment order not found' }) });
const backToContest = z.undefined().describe('See Other: the contest page, with the signed payment or `payment=failed`');

/**
 * /api/payments/test-gateway (test provider only): the local checkout page and its Pay and Fail
 * buttons, plain HTML form posts. After answering, the signed webhook is delivered to this server
 * through the same code that receives Razorpay's, as Razorpay would deliver it.
 */
const testGatewayRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, keys, perMinute }) => {
  // The buttons post an empty form; its fields, if any, mean nothing.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  app.get(
    '/checkout/:orderId',
    { schema: { params: orderParams, response: { 200: fileAnswer('The TEST MODE checkout page', ['text/html']) } } },
    async (request, reply) => reply.type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').send(await checkoutPage(deps, request.params.orderId)),
  );

  for (const outcome of ['pay', 'fail'] as const) {
    app.post(
      `/checkout/:orderId/${outcome}`,
      {
        schema: { params: orderParams, consumes: ['application/x-www-form-urlencoded'], response: { 303: backToContest } },
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { location, webhook } = await completeAtGateway(deps, keys, request.params.orderId, outcome);
        if (webhook) {
          deps.jobs.run('test gateway webhook', async () => {
            const result = await receiveWebhook(deps, { rawBody: webhook.rawBody, signature: webhook.signature, eventId: webhook.eventId });
            deps.log.info({ orderId: request.params.orderId, event: outcome === 'pay' ? 'payment.captured' : 'payment.failed', result }, 'test gateway webhook delivered');
          });
        }
        return reply.redirect(location, 303);
      },
    );
  }
};

export default testGatewayRoutes;
