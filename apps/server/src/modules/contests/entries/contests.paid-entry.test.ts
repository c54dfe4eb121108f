import { createHmac } from 'node:crypto';
import type { JoinResponse } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContest } from '../../../../test/contest-factories.js';
import { signedInUser } from '../../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../../test/helpers.js';
import { startRazorpayStub } from '../../../../test/razorpay-stub.js';
import { openSse } from '../../../../test/sse-client.js';

// Paid entry as the app wires it: the contests module's join opens the order through the payments
// module, Razorpay (a local server speaking its API) takes the payment, and Checkout's callback and
// the webhooks confirm the entry through the contests module, in any order, any number of times.

const keys = { keyId: 'rzp_test_Wired123', keySecret: 'wired-key-secret-for-tests', webhookSecret: 'wired-webhook-secret' };
const clock = testClock();
let stub: Awaited<ReturnType<typeof startRazorpayStub>>;
let t: TestApp;

beforeAll(async () => {
  stub = await startRazorpayStub(keys);
  t = await buildTestApp({
    clock,
    env: { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret, RAZORPAY_API_URL: stub.url },
  });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

function webhook(event: string, payment: { id: string; order_id: string; amount: number }) {
  const raw = JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', status: 'captured', currency: 'INR', ...payment } } },
    created_at: Math.floor(clock.now() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(keys.webhookSecret, raw), 'x-razorpay-event-id': `evt_${Math.random().toString(36).slice(2, 14)}` },
    payload: raw,
  });
}

describe('paid entry through the app', () => {
  it('callback and three webhooks at once for one payment: one confirmed entry, one seat, one paid order', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 99_900, totalSeats: 5 });
    const who = await signedInUser(t.app, t.db);
    const joined = await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: who.auth });
    expect(joined.statusCode, joined.body).toBe(200);
    const { data, payment } = joined.json<JoinResponse>();
    expect(data.entry).toMatchObject({ status: 'pending' });
    expect(data.joinedAt).toBeUndefined();
    expect(payment).toMatchObject({ provider: 'razorpay', amount: 99_900, currency: 'INR', keyId: keys.keyId });
    // The order's amount is the database's.
    expect(stub.orders.get(payment!.orderId)).toMatchObject({ amount: 99_900, currency: 'INR' });

    const paid = stub.pay(payment!.orderId);
    const body = { razorpay_order_id: payment!.orderId, razorpay_payment_id: paid.id, razorpay_signature: sign(keys.keySecret, `${payment!.orderId}|${paid.id}`) };
    const captured = { id: paid.id, order_id: payment!.orderId, amount: 99_900 };
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/payments/verify', headers: who.auth, payload: body }),
      webhook('payment.captured', captured),
      webhook('order.paid', captured),
      webhook('payment.captured', captured),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({ data: { status: 'paid', contestTitle: contest.title }, contest: { id: contest.id, entry: { status: 'confirmed' } } });
    const order = await t.app.inject({ url: `/api/payments/orders/${answers[0]!.json().data.id}`, headers: who.auth });
    expect(order.json()).toMatchObject({ data: { contestId: contest.id, contestTitle: contest.title, status: 'paid' } });

    const entries = await t.db.selectFrom('contest_entries').selectAll().where('contest_id', '=', contest.id).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'confirmed', hold_expires_at: null });
    const orders = await t.db.selectFrom('payment_orders').selectAll().where('contest_id', '=', contest.id).execute();
    expect(orders.map((o) => [o.status, o.provider_payment_id])).toEqual([['paid', paid.id]]);
    const seen = await t.app.inject({ url: `/api/contests/${contest.id}`, headers: who.auth });
    expect(seen.json()).toMatchObject({ data: { filledSeats: 1, users: { count: 1 }, entry: { status: 'confirmed' } } });
    expect(seen.json().data.joinedAt).toEqual(expect.any(String));
    // Joining again is refused; no order is opened.
    const ordersBefore = stub.orders.size;
    const again = await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: who.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_JOINED', message: 'Already joined' });
    expect(stub.orders.size).toBe(ordersBefore);
  });

  it('a tampered amount in a webhook is ignored, and a forged callback writes nothing', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 79_900, totalSeats: 5 });
    const who = await signedInUser(t.app, t.db);
    const { payment } = (await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: who.auth })).json<JoinResponse>();
    const paid = stub.pay(payment!.orderId);
    expect((await webhook('payment.captured', { id: paid.id, order_id: payment!.orderId, amount: 100 })).statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/verify',
      headers: who.auth,
      payload: { razorpay_order_id: payment!.orderId, razorpay_payment_id: paid.id, razorpay_signature: sign('guessed-secret', `${payment!.orderId}|${paid.id}`) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'PAYMENT_INVALID' });
    const entry = await t.db.selectFrom('contest_entries').selectAll().where('contest_id', '=', contest.id).executeTakeFirstOrThrow();
    expect(entry.status).toBe('pending');
    const order = await t.db.selectFrom('payment_orders').selectAll().where('contest_id', '=', contest.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('created');
  });

  it('a paid confirmation moves the live board, as a free join does', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const contest = await makeContest(t.db, { clock, priceAmount: 49_900, totalSeats: 5 });
    const watcher = await openSse(`http://127.0.0.1:${address.port}/api/contests/${contest.id}/leaderboard/stream`);
    try {
      await watcher.next((b) => b.total === 0);
      const who = await signedInUser(t.app, t.db, { name: 'Anita Rao' });
      const { payment } = (await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: who.auth })).json<JoinResponse>();
      const paid = stub.pay(payment!.orderId);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/payments/verify',
        headers: who.auth,
        payload: { razorpay_order_id: payment!.orderId, razorpay_payment_id: paid.id, razorpay_signature: sign(keys.keySecret, `${payment!.orderId}|${paid.id}`) },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const moved = await watcher.next((b) => b.total === 1);
      expect(moved.rows.map((r) => r.name)).toEqual(['Anita R.']);
    } finally {
      watcher.close();
    }
  });
});
