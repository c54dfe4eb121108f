import { z } from 'zod';
import { AppError, serviceUnavailable } from '../../lib/errors.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';
import { checkoutSignature, signatureMatches, webhookSignature } from './signatures.js';

export type RazorpayKeys = Readonly<{ keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }>;

/** Longest answer read from Razorpay; an order's payments are a few kilobytes. */
const ANSWER_MAX_CHARS = 512 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

const badGateway = (message: string) => new AppError('BAD_GATEWAY', 502, message);

const orderAnswer = z.object({ id: z.string().min(1).max(64) });
const paymentAnswer = z.object({ id: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() });
const paymentsAnswer = z.object({ items: z.array(paymentAnswer) });
const refundAnswer = z.object({ id: z.string().min(1).max(64) });

const PAYMENT_STATES = new Set<string>(['captured', 'authorized', 'failed', 'refunded']);

/**
 * A small client for the part of Razorpay's API that paid entry uses (docs/decisions/017):
 * `POST /v1/orders`, `GET /v1/orders/:id/payments`, `POST /v1/payments/:id/refund`, with HTTP Basic
 * authentication by key id and secret; and the two signature checks. A provider that cannot be
 * reached, times out or fails on its side is a 503 (try again); an answer refused or unreadable is a 502.
 */
export function createRazorpayClient(keys: RazorpayKeys, opts: { timeoutMs?: number } = {}): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${keys.apiUrl}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch {
      throw serviceUnavailable('The payment service could not be reached. Try again in a moment.');
    }
    if (response.status >= 500 || response.status === 429) throw serviceUnavailable(`The payment service is unavailable just now (HTTP ${response.status}). Try again in a moment.`);
    if (!response.ok) throw badGateway(`The payment service refused the request (HTTP ${response.status}). Try again later.`);
    try {
      if (text.length > ANSWER_MAX_CHARS) throw new Error('too long');
      return schema.parse(JSON.parse(text));
    } catch {
      throw badGateway('The payment service sent an answer that could not be read. Try again later.');
    }
  }

  return {
    name: 'razorpay',
    createOrder: ({ amount, currency, receipt, notes }) => call('POST', '/v1/orders', orderAnswer, { amount, currency, receipt, notes }),
    async paymentsOfOrder(orderId) {
      const { items } = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, paymentsAnswer);
      return items.filter((p): p is ProviderPayment => PAYMENT_STATES.has(p.status));
    },
    refund: (paymentId, amount) => call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refundAnswer, { amount }),
    checkoutSignatureValid: (orderId, paymentId, signature) => signatureMatches(checkoutSignature(keys.keySecret, orderId, paymentId), signature),
    webhookSignatureValid: (rawBody, signature) => signatureMatches(webhookSignature(keys.webhookSecret, rawBody), signature),
    checkout: () => ({ keyId: keys.keyId, checkoutUrl: null }),
  };
}
