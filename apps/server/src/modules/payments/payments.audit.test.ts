import { createHmac } from 'node:crypto';
import type { JoinResponse } from '@abhyas/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aRecord, auditRecords } from '../../../test/audit-trail.js';
import { makeContest } from '../../../test/contest-factories.js';
import { PASSWORD, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { paymentDepsOf } from '../../../test/payment-factories.js';
import { startRazorpayStub } from '../../../test/razorpay-stub.js';
import { processRefunds, REFUND_RETRY_MS } from './payments.service.js';

// Refunds as the app wires them: an editor cancels a paid contest, the contests module asks the
// payments module to refund each paid entry, and Razorpay (a local server speaking its API) refunds.

const keys = { keyId: 'rzp_test_Audit123', keySecret: 'audit-key-secret-for-tests', webhookSecret: 'audit-webhook-secret' };
const clock = testClock();
let stub: Awaited<ReturnType<typeof startRazorpayStub>>;
let t: TestApp;
let editor: Awaited<ReturnType<typeof signedInUser>>;
let admin: Record<string, string>;

beforeAll(async () => {
  stub = await startRazorpayStub(keys);
  t = await buildTestApp({
    clock,
    env: { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret, RAZORPAY_API_URL: stub.url, CONTESTS_SWEEP_INTERVAL: '1d' },
  });
  editor = await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Iyer', email: 'meera.iyer@example.com' });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
beforeEach(() => stub.setMode('ok'));

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const records = (query: Record<string, string>) => auditRecords(t.app, admin, query);

function webhook(raw: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(keys.webhookSecret, raw), 'x-razorpay-event-id': `evt_${Math.random().toString(36).slice(2, 14)}` },
    payload: raw,
  });
}

/** A paid contest with one candidate's entry paid for, through the join and the provider's webhook. */
async function paidEntry(priceAmount: number) {
  const contest = await makeContest(t.db, { clock, priceAmount, totalSeats: 5 });
  const who = await signedInUser(t.app, t.db);
  const { payment } = (await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: who.auth })).json<JoinResponse>();
  const paid = stub.pay(payment!.orderId);
  const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paid.id, order_id: payment!.orderId, amount: priceAmount, currency: 'INR', status: 'captured' } } } });
  expect((await webhook(raw)).json()).toMatchObject({ outcome: 'fulfilled' });
  return { contest, order: payment!, paymentId: paid.id };
}
const cancel = (contestId: string) => t.app.inject({ method: 'POST', url: `/api/admin/contests/${contestId}/cancel`, headers: editor.auth, payload: { reason: 'The venue flooded' } });
const refundId = async (orderId: string) => (await t.db.selectFrom('payment_orders').select('refund_id').where('id', '=', orderId).executeTakeFirstOrThrow()).refund_id;

describe('the audit trail of refunds', () => {
  it('records a refund started by a cancellation as the canceller’s, naming the order and its amount', async () => {
    const { contest, order } = await paidEntry(99_900);
    const res = await cancel(contest.id);
    expect(res.statusCode).toBe(200);
    await t.jobs.drain();
    expect(await records({ objectId: order.id })).toEqual([
      aRecord({
        actor: { id: editor.user.id, name: 'Meera Iyer', email: 'meera.iyer@example.com', role: 'editor' },
        kind: 'payment.refunded',
        object: { type: 'payment', id: order.id, label: `${order.orderId} · ₹999` },
        before: { status: 'refund_pending' },
        after: { status: 'refunded', refundId: await refundId(order.id) },
        requestId: res.headers['x-request-id'],
      }),
    ]);
  });

  it('records nothing while the provider does not refund; the sweep that does records the server, once', async () => {
    const { contest, order, paymentId } = await paidEntry(49_900);
    stub.setMode('http-500');
    expect((await cancel(contest.id)).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await records({ objectId: order.id })).toEqual([]);

    stub.setMode('ok');
    clock.advance(REFUND_RETRY_MS + 1_000);
    expect(await processRefunds(paymentDepsOf(t, clock))).toBe(1);
    const [record, ...more] = await records({ objectId: order.id });
    expect(more).toEqual([]);
    expect(record).toMatchObject({ actor: null, kind: 'payment.refunded', object: { label: `${order.orderId} · ₹499` }, after: { status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) }, requestId: null });

    // The provider's own notice of the refund afterwards changes nothing and records nothing.
    const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_Late00000001', payment_id: paymentId, amount: 49_900, currency: 'INR', status: 'processed' } } } });
    expect((await webhook(raw)).json()).toEqual({ received: true, outcome: 'noted' });
    expect(await records({ objectId: order.id })).toHaveLength(1);
  });

  it('records a refund the provider reports done first as the server’s', async () => {
    const { contest, order, paymentId } = await paidEntry(29_900);
    stub.setMode('http-500');
    await cancel(contest.id);
    await t.jobs.drain();
    const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_Webhook000001', payment_id: paymentId, amount: 29_900, currency: 'INR', status: 'processed' } } } });
    expect((await webhook(raw)).json()).toEqual({ received: true, outcome: 'noted' });
    expect(await records({ objectId: order.id })).toMatchObject([{ actor: null, kind: 'payment.refunded', after: { status: 'refunded', refundId: 'rfnd_Webhook000001' }, requestId: null }]);
  });

  it('keeps no secret in any record', async () => {
    const trail = JSON.stringify(await records({}));
    expect(trail).toContain('payment.refunded');
    for (const secret of [keys.keySecret, keys.webhookSecret, editor.token, PASSWORD, '$argon', '$scrypt']) expect(trail).not.toContain(secret);
  });
});
