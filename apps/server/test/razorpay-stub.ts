import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server speaking the part of Razorpay's API that Abhyas uses
 * (https://razorpay.com/docs/api/): `POST /v1/orders`, `GET /v1/orders/:id/payments`,
 * `POST /v1/payments/:id/refund`, each behind HTTP Basic authentication with the key id and secret,
 * answering Razorpay's shapes and its error body. A test plays the customer with `pay(orderId)`, and
 * can make the service fail the ways a remote service does.
 */
export type StubOrder = { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: 'created' | 'attempted' | 'paid' };
export type StubPayment = { id: string; order_id: string; amount: number; currency: string; status: 'captured' | 'failed' | 'refunded' | 'authorized' };
export type StubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
export type StubMode = 'ok' | 'http-500' | 'garbage' | 'slow';

const rid = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

export async function startRazorpayStub(keys: { keyId: string; keySecret: string }) {
  const orders = new Map<string, StubOrder>();
  const payments = new Map<string, StubPayment>();
  const requests: StubRequest[] = [];
  let mode: StubMode = 'ok';
  const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, answer: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      };
      const error = (status: number, code: string, description: string) => send(status, { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
      if (mode === 'slow') return void setTimeout(() => send(200, '{}'), 2_000);
      if (mode === 'http-500') return send(500, '<html>Internal Server Error</html>', 'text/html');
      if (mode === 'garbage') return send(200, '<html>not json', 'text/html');
      if (req.headers.authorization !== expected) return error(401, 'BAD_REQUEST_ERROR', 'Authentication failed');

      if (req.method === 'POST' && path === '/v1/orders') {
        const b = body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
        if (typeof b?.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 100) return error(400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
        if (typeof b.currency !== 'string') return error(400, 'BAD_REQUEST_ERROR', 'The currency field is required.');
        if (typeof b.receipt === 'string' && b.receipt.length > 40) return error(400, 'BAD_REQUEST_ERROR', 'The receipt may not be greater than 40 characters.');
        const order: StubOrder = { id: rid('order'), amount: b.amount, currency: b.currency, receipt: String(b.receipt ?? ''), notes: b.notes ?? {}, status: 'created' };
        orders.set(order.id, order);
        return send(200, { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0, offer_id: null, created_at: Math.floor(Date.now() / 1000) });
      }
      const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && ofOrder) {
        if (!orders.has(ofOrder[1]!)) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === ofOrder[1]).map((p) => ({ ...p, entity: 'payment', method: 'upi', captured: p.status === 'captured' }));
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refund) {
        const payment = payments.get(refund[1]!);
        if (!payment) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        if (payment.status === 'refunded') return error(400, 'BAD_REQUEST_ERROR', 'The payment has been fully refunded already');
        if (payment.status !== 'captured') return error(400, 'BAD_REQUEST_ERROR', 'Only captured payments can be refunded');
        const amount = (body as { amount?: number })?.amount ?? payment.amount;
        if (amount > payment.amount) return error(400, 'BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured');
        payment.status = 'refunded';
        return send(200, { id: rid('rfnd'), entity: 'refund', amount, currency: payment.currency, payment_id: payment.id, status: 'processed', speed_processed: 'normal' });
      }
      return error(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    requests,
    setMode: (next: StubMode) => void (mode = next),
    /** The customer pays an order (captured), or a payment with another amount when given. */
    pay(orderId: string, over: Partial<StubPayment> = {}): StubPayment {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment: StubPayment = { id: rid('pay'), order_id: orderId, amount: order.amount, currency: order.currency, status: 'captured', ...over };
      payments.set(payment.id, payment);
      if (payment.status === 'captured') order.status = 'paid';
      return payment;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
