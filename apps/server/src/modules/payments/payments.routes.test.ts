import { createHmac } from 'node:crypto';
import type { PaymentStart } from '@abhyas/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { makePaidContest, makePendingEntry, paymentDepsOf, tableContestView, tableFulfilment } from '../../../test/payment-factories.js';
import { startRazorpayStub } from '../../../test/razorpay-stub.js';
import { startSmtpServer } from '../../../test/smtp-server.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { contestPayments, processRefunds, reconcilePendingOrders, REFUND_RETRY_MS, type PaymentDeps } from './payments.service.js';

const keys = { keyId: 'rzp_test_Abhyas123', keySecret: 'test-key-secret-for-signatures', webhookSecret: 'test-webhook-secret' };
const RECONCILE_AFTER_MS = 3 * 60_000;
const clock = testClock();
let stub: Awaited<ReturnType<typeof startRazorpayStub>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let deps: PaymentDeps;
const { fulfilment, calls } = tableFulfilment(clock);

beforeAll(async () => {
  stub = await startRazorpayStub(keys);
  smtp = await startSmtpServer();
  t = await buildTestApp({
    clock,
    env: {
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_URL: stub.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://abhyas.example',
    },
    paidEntry: { fulfilment, contestView: tableContestView(() => t.db) },
  });
  deps = paymentDepsOf(t, clock);
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
  await smtp?.close();
});
beforeEach(() => stub.setMode('ok'));

const sign = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** A candidate with a pending entry in a paid contest and the order the join opened. */
async function pendingPaidEntry(opts: { price?: number; seats?: number; filled?: number; language?: 'en' | 'hi' } = {}) {
  const who = await signedInUser(t.app, t.db, { preferred_language: opts.language ?? 'en' });
  const contest = await makePaidContest(t.db, clock, opts);
  const entry = await makePendingEntry(t.db, clock, contest.id, who.user.id);
  const start: PaymentStart = await contestPayments(deps).openOrder({
    contestId: contest.id,
    entryId: entry.id,
    userId: who.user.id,
    amount: contest.price_amount,
    currency: contest.currency,
    description: contest.title,
    contestSlug: contest.slug,
    holdExpiresAt: entry.holdExpiresAt,
  });
  return { ...who, contest, entry, start };
}

const verify = (auth: Record<string, string>, body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/payments/verify', headers: auth, payload: body });

function eventBody(event: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ entity: 'event', account_id: 'acc_Test', event, contains: ['payment'], payload: { payment: { entity: { entity: 'payment', ...payment } }, ...extra }, created_at: Math.floor(clock.now() / 1000) });
}
function webhook(raw: string, opts: { eventId?: string; signature?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': opts.signature ?? sign(keys.webhookSecret, raw), 'x-razorpay-event-id': opts.eventId ?? `evt_${Math.random().toString(36).slice(2, 16)}` },
    payload: raw,
  });
}

async function written(entryId: string) {
  const [orders, entry, events] = await Promise.all([
    t.db.selectFrom('payment_orders').selectAll().where('entry_id', '=', entryId).orderBy('id').execute(),
    t.db.selectFrom('contest_entries').selectAll().where('id', '=', entryId).executeTakeFirstOrThrow(),
    t.db.selectFrom('payment_events').select(['event_id', 'event']).orderBy('event_id').execute(),
  ]);
  return { orders, entry, events };
}

describe('opening an order', () => {
  it('creates the Razorpay order for the price it is given, and answers the same open order to a second join', async () => {
    const { start, contest, entry } = await pendingPaidEntry({ price: 79_900 });
    expect(start).toMatchObject({ provider: 'razorpay', amount: 79_900, currency: 'INR', keyId: keys.keyId, checkoutUrl: null, description: contest.title });
    expect(stub.orders.get(start.orderId)).toMatchObject({ amount: 79_900, currency: 'INR', receipt: entry.id });
    const before = stub.requests.length;
    const again = await contestPayments(deps).openOrder({ contestId: contest.id, entryId: entry.id, userId: (await written(entry.id)).orders[0]!.user_id, amount: 79_900, currency: 'INR', description: contest.title, contestSlug: contest.slug, holdExpiresAt: entry.holdExpiresAt });
    expect(again.id).toBe(start.id);
    expect(stub.requests.length).toBe(before);
  });

  it('writes nothing when the provider cannot take the order, and answers 503', async () => {
    stub.setMode('http-500');
    const who = await createUser(t.db);
    const contest = await makePaidContest(t.db, clock);
    const entry = await makePendingEntry(t.db, clock, contest.id, who.id);
    await expect(
      contestPayments(deps).openOrder({ contestId: contest.id, entryId: entry.id, userId: who.id, amount: 99_900, currency: 'INR', description: 'x', contestSlug: contest.slug, holdExpiresAt: entry.holdExpiresAt }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect((await written(entry.id)).orders).toEqual([]);
  });
});

describe('POST /api/payments/verify', () => {
  it('refuses a forged signature with 400 PAYMENT_INVALID and writes nothing', async () => {
    const { auth, start, entry } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const before = await written(entry.id);
    for (const signature of [sign('a-guessed-secret', `${start.orderId}|${payment.id}`), sign(keys.keySecret, `order_Other123|${payment.id}`), sign(keys.webhookSecret, `${start.orderId}|${payment.id}`)]) {
      const res = await verify(auth, { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: signature });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'PAYMENT_INVALID', message: 'Payment could not be verified' });
    }
    expect(await written(entry.id)).toEqual(before);
    expect(calls.filter((id) => id === start.id)).toEqual([]);
  });

  it("answers 404 for another candidate's order or an order that is not ours", async () => {
    const { start } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const other = await signedInUser(t.app, t.db);
    const body = { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: sign(keys.keySecret, `${start.orderId}|${payment.id}`) };
    expect((await verify(other.auth, body)).statusCode).toBe(404);
    expect((await verify(other.auth, { ...body, razorpay_order_id: 'order_NotOurs1234' })).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Payment order not found' });
  });

  it('confirms the entry for a signed payment and answers the order and the contest; again changes nothing', async () => {
    const { auth, start, entry, contest } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const body = { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: sign(keys.keySecret, `${start.orderId}|${payment.id}`) };
    const res = await verify(auth, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: start.id, orderId: start.orderId, contestId: contest.id, contestTitle: contest.title, amount: 99_900, status: 'paid', note: null }, contest: { id: contest.id, entry: { status: 'confirmed' } } });
    expect(res.headers['cache-control']).toBe('no-store');
    const once = await written(entry.id);
    expect(once.entry.status).toBe('confirmed');
    expect(once.orders[0]).toMatchObject({ status: 'paid', provider_payment_id: payment.id });
    expect((await verify(auth, body)).json()).toMatchObject({ data: { status: 'paid' } });
    expect(await written(entry.id)).toEqual(once);
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
  });

  it('is limited per candidate', async () => {
    const { auth } = await pendingPaidEntry();
    const body = { razorpay_order_id: 'order_Nothing1234', razorpay_payment_id: 'pay_x', razorpay_signature: '0'.repeat(64) };
    const answers = [];
    for (let i = 0; i <= t.config.contests.joinsPerMinute; i += 1) answers.push((await verify(auth, body)).statusCode);
    expect(answers.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('POST /api/payments/webhook', () => {
  it('takes a signed payment.captured once; the same event again writes nothing more', async () => {
    const { start, entry } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const raw = eventBody('payment.captured', { id: payment.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId });
    const first = await webhook(raw, { eventId: 'evt_Replay000001' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const once = await written(entry.id);
    expect(once.entry.status).toBe('confirmed');
    expect(once.events).toContainEqual({ event_id: 'evt_Replay000001', event: 'payment.captured' });
    const replay = await webhook(raw, { eventId: 'evt_Replay000001' });
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await written(entry.id)).toEqual(once);
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 400 and writes nothing', async () => {
    const { start, entry } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const raw = eventBody('payment.captured', { id: payment.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId });
    const before = await written(entry.id);
    for (const signature of [sign('guessed', raw), sign(keys.keySecret, raw), sign(keys.webhookSecret, `${raw} `), 'not-hex', '']) {
      const res = await webhook(raw, { signature });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'PAYMENT_INVALID', message: 'Webhook signature could not be verified' });
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(unsigned.statusCode).toBe(400);
    expect(await written(entry.id)).toEqual(before);
  });

  it('ignores a signed event whose amount or currency is not the order’s: no fulfilment', async () => {
    const { start, entry } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId, { amount: 100 });
    const before = await written(entry.id);
    for (const tampered of [{ amount: 100, currency: 'INR' }, { amount: 99_900, currency: 'USD' }]) {
      const res = await webhook(eventBody('payment.captured', { id: payment.id, status: 'captured', order_id: start.orderId, ...tampered }));
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await written(entry.id)).toEqual(before);
    expect(calls.filter((id) => id === start.id)).toEqual([]);
  });

  it('notes payment.failed and keeps the order open; a later capture is taken, and a failure after it changes nothing', async () => {
    const { auth, start, entry } = await pendingPaidEntry();
    const failed = stub.pay(start.orderId, { status: 'failed' });
    const res = await webhook(eventBody('payment.failed', { id: failed.id, amount: 99_900, currency: 'INR', status: 'failed', order_id: start.orderId, error_description: 'Payment was declined by the bank' }));
    expect(res.json()).toEqual({ received: true, outcome: 'noted' });
    const order = await t.app.inject({ url: `/api/payments/orders/${start.id}`, headers: auth });
    expect(order.json()).toMatchObject({ data: { status: 'failed', note: 'The payment failed: Payment was declined by the bank. You can try again while your seat is held.' } });

    const paid = stub.pay(start.orderId);
    expect((await webhook(eventBody('order.paid', { id: paid.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId }))).json()).toMatchObject({ outcome: 'fulfilled' });
    expect((await webhook(eventBody('payment.failed', { id: failed.id, amount: 99_900, currency: 'INR', status: 'failed', order_id: start.orderId }))).json()).toMatchObject({ outcome: 'noted' });
    const after = await written(entry.id);
    expect(after.orders[0]).toMatchObject({ status: 'paid', provider_payment_id: paid.id, note: null });
    expect(after.entry.status).toBe('confirmed');
  });

  it('answers 200 and does nothing for events of orders that are not ours, or events it does not handle', async () => {
    expect((await webhook(eventBody('payment.captured', { id: 'pay_Elsewhere123', amount: 500, currency: 'INR', status: 'captured', order_id: 'order_Elsewhere12' }))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await webhook(eventBody('payment.authorized', { id: 'pay_Elsewhere123', amount: 500, currency: 'INR', status: 'authorized', order_id: 'order_Elsewhere12' }))).json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('callback and webhooks at once', () => {
  it('confirms exactly once: the callback and payment.captured ×3 for one payment, concurrently', async () => {
    const { auth, start, entry, contest } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    const raw = eventBody('payment.captured', { id: payment.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId });
    const answers = await Promise.all([
      verify(auth, { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: sign(keys.keySecret, `${start.orderId}|${payment.id}`) }),
      webhook(raw, { eventId: 'evt_Storm0000001' }),
      webhook(raw, { eventId: 'evt_Storm0000001' }),
      webhook(raw, { eventId: 'evt_Storm0000002' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
    const after = await written(entry.id);
    expect(after.orders.map((o) => o.status)).toEqual(['paid']);
    expect(after.entry.status).toBe('confirmed');
    expect(await t.db.selectFrom('contest_entries').select('id').where('contest_id', '=', contest.id).execute()).toHaveLength(1);
    expect((await t.db.selectFrom('contests').select('filled_seats').where('id', '=', contest.id).executeTakeFirstOrThrow()).filled_seats).toBe(1);
    expect(after.events.filter((e) => e.event_id.startsWith('evt_Storm'))).toHaveLength(2);
  });

  it('refunds a second order of an entry that was paid for already', async () => {
    const { start, entry, user } = await pendingPaidEntry();
    const mails = smtp.mails.length;
    // The entry is paid through its order; a second order, opened in another tab, is paid too.
    const first = stub.pay(start.orderId);
    await webhook(eventBody('payment.captured', { id: first.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId }));
    const second = await deps.provider.createOrder({ amount: 99_900, currency: 'INR', receipt: entry.id, notes: {} });
    await t.db.insertInto('payment_orders').values({ ...(await written(entry.id)).orders[0]!, id: `${start.id.slice(0, -4)}ffff`, provider_order_id: second.id, status: 'created', provider_payment_id: null, paid_at: null }).execute();
    const paidAgain = stub.pay(second.id);
    const res = await webhook(eventBody('payment.captured', { id: paidAgain.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: second.id }));
    expect(res.json()).toEqual({ received: true, outcome: 'refund' });
    await t.jobs.drain();
    const after = await written(entry.id);
    expect(after.orders.map((o) => [o.provider_order_id, o.status])).toEqual([
      [start.orderId, 'paid'],
      [second.id, 'refunded'],
    ]);
    expect(stub.payments.get(paidAgain.id)!.status).toBe('refunded');
    const mail = await smtp.waitForMail(mails + 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toContain('This entry was already paid for');
  });
});

describe('reconciliation', () => {
  it('finds a captured payment after a lost webhook and a closed browser; one process asks', async () => {
    const { start, entry } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    // Too early: the order is not yet old enough to ask about.
    expect(await reconcilePendingOrders({ ...deps, fulfilment })).toBe(0);
    clock.advance(RECONCILE_AFTER_MS + 1);
    const before = stub.requests.filter((r) => r.path === `/v1/orders/${start.orderId}/payments`).length;
    const [a, b] = await Promise.all([reconcilePendingOrders({ ...deps, fulfilment }), reconcilePendingOrders({ ...deps, fulfilment })]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(stub.requests.filter((r) => r.path === `/v1/orders/${start.orderId}/payments`).length - before).toBe(1);
    const after = await written(entry.id);
    expect(after.orders[0]).toMatchObject({ status: 'paid', provider_payment_id: payment.id });
    expect(after.entry.status).toBe('confirmed');
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
  });

  it('asks again only after a while, and leaves an order with no captured payment open', async () => {
    const { start, entry } = await pendingPaidEntry();
    clock.advance(RECONCILE_AFTER_MS + 1);
    await reconcilePendingOrders({ ...deps, fulfilment });
    const asked = () => stub.requests.filter((r) => r.path === `/v1/orders/${start.orderId}/payments`).length;
    expect(asked()).toBe(1);
    await reconcilePendingOrders({ ...deps, fulfilment });
    expect(asked()).toBe(1);
    clock.advance(RECONCILE_AFTER_MS + 1);
    await reconcilePendingOrders({ ...deps, fulfilment });
    expect(asked()).toBe(2);
    expect((await written(entry.id)).orders[0]!.status).toBe('created');
  });
});

describe('refunds', () => {
  it('refunds a payment that lands after the hold was released and the contest filled, and tells the candidate', async () => {
    const { start, entry, contest, user, auth } = await pendingPaidEntry({ seats: 1 });
    // The hold ran out and someone else took the last seat.
    await t.db.updateTable('contest_entries').set({ status: 'released' }).where('id', '=', entry.id).execute();
    const mails = smtp.mails.length;
    const payment = stub.pay(start.orderId);
    const res = await verify(auth, { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: sign(keys.keySecret, `${start.orderId}|${payment.id}`) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refund_pending', note: expect.stringContaining('The entry fee is refunded') }, contest: { id: contest.id, entry: null } });
    await t.jobs.drain();
    const mail = await smtp.waitForMail(mails + 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe(`Your entry fee for ${contest.title} has been refunded`);
    expect(mail.text).toContain('₹999');
    expect(mail.text).toContain(`https://abhyas.example/contests/${contest.slug}`);
    expect((await t.app.inject({ url: `/api/payments/orders/${start.id}`, headers: auth })).json()).toMatchObject({ data: { status: 'refunded' } });
    expect(stub.payments.get(payment.id)!.status).toBe('refunded');
    expect((await written(entry.id)).entry.status).toBe('released');
  });

  it('tells a candidate who reads Hindi of the refund in Hindi, its reason too', async () => {
    const { start, entry, contest, user, auth } = await pendingPaidEntry({ seats: 1, language: 'hi' });
    await t.db.updateTable('contest_entries').set({ status: 'released' }).where('id', '=', entry.id).execute();
    const mails = smtp.mails.length;
    const payment = stub.pay(start.orderId);
    const res = await verify(auth, { razorpay_order_id: start.orderId, razorpay_payment_id: payment.id, razorpay_signature: sign(keys.keySecret, `${start.orderId}|${payment.id}`) });
    expect(res.json()).toMatchObject({ data: { status: 'refund_pending' } });
    await t.jobs.drain();
    const mail = await smtp.waitForMail(mails + 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe(`${contest.title} का प्रवेश शुल्क वापस कर दिया गया है`);
    expect(mail.text).toContain(`प्रतियोगिता "${contest.title}" के लिए आपका ₹999 का भुगतान उसी माध्यम से वापस कर दिया गया है`);
    expect(mail.text).toContain('सीट रोकी नहीं जा सकी: भुगतान आने तक प्रतियोगिता भर चुकी थी, शुरू हो चुकी थी या रद्द हो चुकी थी। प्रवेश शुल्क वापस किया जा रहा है।');
    expect(mail.text).toContain(`प्रतियोगिता: https://abhyas.example/contests/${contest.slug}`);
    expect(mail.text).not.toMatch(/Hello|refunded|seat/);
  });

  it('refunds a cancelled contest’s paid entry, retrying when the provider is down, once across processes', async () => {
    const { start, entry, user } = await pendingPaidEntry();
    const payment = stub.pay(start.orderId);
    await webhook(eventBody('payment.captured', { id: payment.id, amount: 99_900, currency: 'INR', status: 'captured', order_id: start.orderId }));
    stub.setMode('http-500');
    await contestPayments(deps).refundEntry({ entryId: entry.id, note: 'This contest was cancelled: the venue is closed.', actor: BY_SERVER });
    expect((await written(entry.id)).orders[0]).toMatchObject({ status: 'refund_pending', note: 'This contest was cancelled: the venue is closed.' });
    stub.setMode('ok');
    // Not yet: the failed attempt is left alone for a while.
    expect(await processRefunds(deps)).toBe(0);
    clock.advance(REFUND_RETRY_MS + 1_000);
    const mails = smtp.mails.length;
    const refunds = () => stub.requests.filter((r) => r.path === `/v1/payments/${payment.id}/refund`).length;
    const tried = refunds();
    const [a, b] = await Promise.all([processRefunds(deps), processRefunds(deps)]);
    expect(a + b).toBe(1);
    expect(refunds() - tried).toBe(1);
    expect((await written(entry.id)).orders[0]).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });
    const mail = await smtp.waitForMail(mails + 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toContain('This contest was cancelled: the venue is closed.');
    // A refund.processed webhook afterwards changes nothing.
    const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_Late00000001', payment_id: payment.id, amount: 99_900, currency: 'INR', status: 'processed' } } } });
    expect((await webhook(raw)).json()).toEqual({ received: true, outcome: 'noted' });
    expect((await written(entry.id)).orders[0]).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });
  });
});

describe('GET /api/payments/orders/:id', () => {
  it("answers the candidate's own order, and 404 to anyone else", async () => {
    const { auth, start, contest } = await pendingPaidEntry();
    const own = await t.app.inject({ url: `/api/payments/orders/${start.id}`, headers: auth });
    expect(own.json()).toMatchObject({ data: { id: start.id, provider: 'razorpay', orderId: start.orderId, contestTitle: contest.title, status: 'created', paidAt: null } });
    const other = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ url: `/api/payments/orders/${start.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payments/orders/${start.id}` })).statusCode).toBe(401);
  });
});

describe('the test gateway', () => {
  it('is not there when the provider is Razorpay', async () => {
    const { start } = await pendingPaidEntry();
    expect((await t.app.inject({ url: `/api/payments/test-gateway/checkout/${start.orderId}` })).statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: `/api/payments/test-gateway/checkout/${start.orderId}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(pay.statusCode).toBe(404);
    expect(pay.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
