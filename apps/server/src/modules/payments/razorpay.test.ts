import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayStub } from '../../../test/razorpay-stub.js';
import { createRazorpayClient } from './razorpay.js';

const keys = { keyId: 'rzp_test_Abhyas123', keySecret: 'test-key-secret-for-signatures', webhookSecret: 'test-webhook-secret' };
let stub: Awaited<ReturnType<typeof startRazorpayStub>>;
let client: ReturnType<typeof createRazorpayClient>;
beforeAll(async () => {
  stub = await startRazorpayStub(keys);
  client = createRazorpayClient({ ...keys, apiUrl: stub.url }, { timeoutMs: 500 });
});
afterAll(async () => stub.close());
beforeEach(() => stub.setMode('ok'));

const hmac = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

describe('the Razorpay client against a server speaking its API', () => {
  it('creates an order with the amount it is given, in paise, authenticated by key id and secret', async () => {
    const { id } = await client.createOrder({ amount: 99_900, currency: 'INR', receipt: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6', notes: { contest: 'ai' } });
    expect(id).toMatch(/^order_/);
    const sent = stub.requests.at(-1)!;
    expect([sent.method, sent.path]).toEqual(['POST', '/v1/orders']);
    expect(sent.body).toEqual({ amount: 99_900, currency: 'INR', receipt: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6', notes: { contest: 'ai' } });
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_Abhyas123:test-key-secret-for-signatures').toString('base64')}`);
    expect(stub.orders.get(id)!.amount).toBe(99_900);
  });

  it("lists an order's payments and refunds a captured one", async () => {
    const { id } = await client.createOrder({ amount: 79_900, currency: 'INR', receipt: 'r1', notes: {} });
    expect(await client.paymentsOfOrder(id)).toEqual([]);
    const failed = stub.pay(id, { status: 'failed' });
    const paid = stub.pay(id);
    expect(await client.paymentsOfOrder(id)).toEqual([
      { id: failed.id, status: 'failed', amount: 79_900, currency: 'INR', entity: 'payment', order_id: id, method: 'upi', captured: false },
      { id: paid.id, status: 'captured', amount: 79_900, currency: 'INR', entity: 'payment', order_id: id, method: 'upi', captured: true },
    ].map(({ id: pid, status, amount, currency }) => expect.objectContaining({ id: pid, status, amount, currency })));
    const refund = await client.refund(paid.id, 79_900);
    expect(refund.id).toMatch(/^rfnd_/);
    expect(stub.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payments/${paid.id}/refund`, body: { amount: 79_900 } });
    expect((await client.paymentsOfOrder(id)).find((p) => p.id === paid.id)!.status).toBe('refunded');
  });

  it('turns a refusal into 502 and an unavailable service into 503, in the one error shape', async () => {
    const wrongKey = createRazorpayClient({ ...keys, keySecret: 'not-the-secret', apiUrl: stub.url });
    await expect(wrongKey.createOrder({ amount: 100, currency: 'INR', receipt: 'r', notes: {} })).rejects.toMatchObject({ statusCode: 502, code: 'BAD_GATEWAY', message: 'The payment service refused the request (HTTP 401). Try again later.' });
    // Already refunded: Razorpay refuses with 400.
    const { id } = await client.createOrder({ amount: 100, currency: 'INR', receipt: 'r', notes: {} });
    const paid = stub.pay(id);
    await client.refund(paid.id, 100);
    await expect(client.refund(paid.id, 100)).rejects.toMatchObject({ statusCode: 502, code: 'BAD_GATEWAY' });

    stub.setMode('http-500');
    await expect(client.paymentsOfOrder(id)).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The payment service is unavailable just now (HTTP 500). Try again in a moment.', headers: { 'retry-after': '5' } });
    stub.setMode('garbage');
    await expect(client.paymentsOfOrder(id)).rejects.toMatchObject({ statusCode: 502, code: 'BAD_GATEWAY', message: 'The payment service sent an answer that could not be read. Try again later.' });
    stub.setMode('slow');
    await expect(client.paymentsOfOrder(id)).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The payment service could not be reached. Try again in a moment.' });
  });

  it('answers 503 when the service cannot be reached', async () => {
    const gone = await startRazorpayStub(keys);
    await gone.close();
    const dead = createRazorpayClient({ ...keys, apiUrl: gone.url });
    await expect(dead.createOrder({ amount: 100, currency: 'INR', receipt: 'r', notes: {} })).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('the signatures', () => {
  it("checks Checkout's callback as HMAC-SHA256(order id | payment id, key secret)", () => {
    const good = hmac(keys.keySecret, 'order_AbC123|pay_XyZ789');
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', good)).toBe(true);
    // Another order's signature, another secret's, the wrong way round, altered, truncated, empty.
    expect(client.checkoutSignatureValid('order_Other1', 'pay_XyZ789', good)).toBe(false);
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', hmac('another-secret', 'order_AbC123|pay_XyZ789'))).toBe(false);
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', hmac(keys.keySecret, 'pay_XyZ789|order_AbC123'))).toBe(false);
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', good.slice(0, 32))).toBe(false);
    expect(client.checkoutSignatureValid('order_AbC123', 'pay_XyZ789', '')).toBe(false);
  });

  it('checks a webhook over its raw bytes with the webhook secret, not the key secret', () => {
    const raw = Buffer.from('{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","amount":99900}}}}');
    expect(client.webhookSignatureValid(raw, hmac(keys.webhookSecret, raw))).toBe(true);
    expect(client.webhookSignatureValid(raw, hmac(keys.keySecret, raw))).toBe(false);
    // The same JSON with other spacing is other bytes.
    const respaced = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1));
    expect(client.webhookSignatureValid(respaced, hmac(keys.webhookSecret, raw))).toBe(false);
  });
});
