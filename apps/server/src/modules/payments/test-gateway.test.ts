import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { makePaidContest, makePendingEntry, paymentDepsOf, tableContestView, tableFulfilment } from '../../../test/payment-factories.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { contestPayments, type PaymentDeps } from './payments.service.js';

const clock = testClock();
let t: TestApp;
let deps: PaymentDeps;
const { fulfilment, calls } = tableFulfilment(clock);

beforeAll(async () => {
  // The development defaults: paid entry on, through the test gateway.
  t = await buildTestApp({ clock, paidEntry: { fulfilment, contestView: tableContestView(() => t.db) } });
  deps = paymentDepsOf(t, clock);
});
afterAll(async () => t?.close());

async function pendingPaidEntry() {
  const who = await signedInUser(t.app, t.db);
  const contest = await makePaidContest(t.db, clock);
  const entry = await makePendingEntry(t.db, clock, contest.id, who.user.id);
  const start = await contestPayments(deps).openOrder({
    contestId: contest.id,
    entryId: entry.id,
    userId: who.user.id,
    amount: contest.price_amount,
    currency: contest.currency,
    description: `Entry to ${contest.title}`,
    contestSlug: contest.slug,
    holdExpiresAt: entry.holdExpiresAt,
  });
  return { ...who, contest, entry, start };
}

/** What a browser sends when a button of the checkout page is pressed. */
const press = (checkoutUrl: string, button: 'pay' | 'fail') =>
  t.app.inject({ method: 'POST', url: `${checkoutUrl}/${button}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

const orderOf = (id: string) => t.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entryOf = (id: string) => t.db.selectFrom('contest_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const gatewayPaymentsOf = (orderId: string) => t.db.selectFrom('test_gateway_payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

describe('the TEST MODE checkout', () => {
  it('opens an order at the local gateway, shown on a page that says it is a test, with no script', async () => {
    const { start, contest } = await pendingPaidEntry();
    expect(start).toMatchObject({ provider: 'test', keyId: null, checkoutUrl: `/api/payments/test-gateway/checkout/${start.orderId}`, amount: 99_900 });
    expect(start.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await t.db.selectFrom('test_gateway_orders').selectAll().where('id', '=', start.orderId).executeTakeFirst()).toMatchObject({ amount: 99_900, currency: 'INR', status: 'created' });

    const page = await t.app.inject({ url: start.checkoutUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('TEST MODE — no money moves');
    expect(html).toContain(`<h1>${contest.title}</h1>`);
    expect(html).toContain('₹999');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(`<form method="post" action="/api/payments/test-gateway/checkout/${start.orderId}/pay">`);
    expect(html).toContain(`<form method="post" action="/api/payments/test-gateway/checkout/${start.orderId}/fail">`);
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
  });

  it('Fail: back to the contest with payment=failed; the webhook notes it and the order stays open', async () => {
    const { start, entry, auth } = await pendingPaidEntry();
    const res = await press(start.checkoutUrl!, 'fail');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/contests\/paid-contest-[^?]+\?payment=failed$/);
    await t.jobs.drain();
    expect(await orderOf(start.id)).toMatchObject({ status: 'failed', note: 'The payment failed: The payment was declined on the test checkout page. You can try again while your seat is held.' });
    expect((await entryOf(entry.id)).status).toBe('pending');
    expect((await gatewayPaymentsOf(start.orderId)).map((p) => p.status)).toEqual(['failed']);
    expect((await t.app.inject({ url: `/api/payments/orders/${start.id}`, headers: auth })).json()).toMatchObject({ data: { status: 'failed' } });

    // Trying again on the same order.
    expect((await press(start.checkoutUrl!, 'pay')).statusCode).toBe(303);
    await t.jobs.drain();
    expect(await orderOf(start.id)).toMatchObject({ status: 'paid', note: null });
    expect((await entryOf(entry.id)).status).toBe('confirmed');
  });

  it('Pay: a signed redirect to the contest, the webhook confirms the entry, and the callback after it changes nothing', async () => {
    const { start, entry, auth, contest } = await pendingPaidEntry();
    const res = await press(start.checkoutUrl!, 'pay');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe(`/contests/${contest.slug}`);
    const params = Object.fromEntries(location.searchParams);
    expect(Object.keys(params).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(params.razorpay_order_id).toBe(start.orderId);
    // Signed as Razorpay signs, with the gateway's key derived from the server's secret.
    expect(params.razorpay_signature).toBe(createHmac('sha256', t.config.payments.keys!.keySecret).update(`${start.orderId}|${params.razorpay_payment_id}`).digest('hex'));

    await t.jobs.drain();
    expect(await orderOf(start.id)).toMatchObject({ status: 'paid', provider_payment_id: params.razorpay_payment_id });
    expect((await entryOf(entry.id)).status).toBe('confirmed');
    expect(await t.db.selectFrom('payment_events').select('event').where('event', '=', 'payment.captured').execute()).not.toHaveLength(0);

    const verified = await t.app.inject({ method: 'POST', url: '/api/payments/verify', headers: auth, payload: params });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ data: { status: 'paid' }, contest: { entry: { status: 'confirmed' } } });
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);

    // Pay pressed again (the back button): the same payment, no second one, no second webhook.
    const again = await press(start.checkoutUrl!, 'pay');
    expect(again.headers.location).toBe(res.headers.location);
    await t.jobs.drain();
    expect(await gatewayPaymentsOf(start.orderId)).toHaveLength(1);
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
    expect((await t.app.inject({ url: start.checkoutUrl! })).body).toContain('This order has been paid.');
  });

  it('Pay: the callback may come before the webhook; exactly one confirmation either way', async () => {
    const { start, entry, auth } = await pendingPaidEntry();
    const [a, b] = await Promise.all([press(start.checkoutUrl!, 'pay'), press(start.checkoutUrl!, 'pay')]);
    expect(a.headers.location).toBe(b.headers.location);
    const params = Object.fromEntries(new URL(a.headers.location as string, 'http://localhost').searchParams);
    const verified = await t.app.inject({ method: 'POST', url: '/api/payments/verify', headers: auth, payload: params });
    expect(verified.json()).toMatchObject({ data: { status: 'paid' } });
    await t.jobs.drain();
    expect(await gatewayPaymentsOf(start.orderId)).toHaveLength(1);
    expect(calls.filter((id) => id === start.id)).toHaveLength(1);
    expect((await entryOf(entry.id)).status).toBe('confirmed');
  });

  it('refunds through the gateway when the contest is cancelled, and marks the gateway payment refunded', async () => {
    const { start, entry } = await pendingPaidEntry();
    await press(start.checkoutUrl!, 'pay');
    await t.jobs.drain();
    await contestPayments(deps).refundEntry({ entryId: entry.id, note: 'This contest was cancelled: the paper leaked.', actor: BY_SERVER });
    expect(await orderOf(start.id)).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/), note: 'This contest was cancelled: the paper leaked.' });
    expect((await gatewayPaymentsOf(start.orderId)).map((p) => p.status)).toEqual(['refunded']);
  });

  it('answers 404 for an order it does not know, and 400 for what cannot be an order id', async () => {
    expect((await t.app.inject({ url: '/api/payments/test-gateway/checkout/order_Unknown1234567' })).json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Payment order not found' });
    expect((await press('/api/payments/test-gateway/checkout/order_Unknown1234567', 'pay')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payments/test-gateway/checkout/%3Cscript%3E' })).statusCode).toBe(400);
  });
});
