import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { escapeAttr } from '../../lib/html.js';
import { formatAmount } from './money.js';
import type { ContestView } from './payments.deps.js';
import { orderByProviderId } from './payments.repo.js';
import type { PaymentProvider } from './provider.js';
import type { RazorpayKeys } from './razorpay.js';
import { checkoutSignature, signatureMatches, webhookSignature } from './signatures.js';
import {
  gatewayOrder,
  gatewayPayment,
  gatewayPayments,
  insertGatewayOrder,
  insertGatewayPayment,
  markGatewayOrderAttempted,
  markGatewayOrderPaid,
  refundGatewayPayment,
} from './test-gateway.repo.js';

export type GatewayDeps = { db: Db; clock: Clock };
/** The checkout pages show the order's contest, as its candidate sees it. */
export type GatewayPageDeps = GatewayDeps & { contestView: ContestView };

/** Where the test gateway's pages live, under the API. */
export const TEST_GATEWAY_PATH = '/api/payments/test-gateway';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Ids shaped as Razorpay's: a prefix and 14 letters and digits (order_…, pay_…, rfnd_…, evt_…). */
export function gatewayId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((b) => BASE62[b % 62]).join('')}`;
}

/**
 * The local test gateway, for the embedded default and development: a payment provider whose orders
 * and payments are rows in `test_gateway_orders` and `test_gateway_payments` (so every server
 * process sees them) and which signs Checkout callbacks and webhooks exactly as Razorpay does, with
 * keys derived from the server's secret. No money moves; the configuration refuses it in production.
 */
export function createTestGateway(deps: GatewayDeps, keys: RazorpayKeys): PaymentProvider {
  return {
    name: 'test',
    async createOrder({ amount, currency, receipt }) {
      const id = gatewayId('order');
      await insertGatewayOrder(deps.db, { id, amount, currency, receipt, status: 'created', created_at: deps.clock.now() });
      return { id };
    },
    async paymentsOfOrder(orderId) {
      return (await gatewayPayments(deps.db, orderId)).map((p) => ({ id: p.id, status: p.status, amount: Number(p.amount), currency: p.currency }));
    },
    async refund(paymentId) {
      const payment = await gatewayPayment(deps.db, paymentId);
      if (!payment || !(await refundGatewayPayment(deps.db, paymentId))) {
        // As Razorpay refuses a refund of a payment it cannot refund.
        throw new AppError('BAD_GATEWAY', 502, 'The payment service refused the request (HTTP 400). Try again later.');
      }
      return { id: gatewayId('rfnd') };
    },
    checkoutSignatureValid: (orderId, paymentId, signature) => signatureMatches(checkoutSignature(keys.keySecret, orderId, paymentId), signature),
    webhookSignatureValid: (rawBody, signature) => signatureMatches(webhookSignature(keys.webhookSecret, rawBody), signature),
    checkout: (orderId) => ({ keyId: null, checkoutUrl: `${TEST_GATEWAY_PATH}/checkout/${encodeURIComponent(orderId)}` }),
  };
}

/** A webhook as Razorpay would send it: the raw body and the headers that go with it. */
export type GatewayWebhook = { rawBody: Buffer; signature: string; eventId: string };

function webhookFor(keys: RazorpayKeys, now: number, event: 'payment.captured' | 'payment.failed', payment: Record<string, unknown>): GatewayWebhook {
  const body = { entity: 'event', account_id: 'acc_test_local', event, contains: ['payment'], payload: { payment: { entity: { entity: 'payment', ...payment } } }, created_at: Math.floor(now / 1000) };
  const rawBody = Buffer.from(JSON.stringify(body));
  return { rawBody, signature: webhookSignature(keys.webhookSecret, rawBody), eventId: gatewayId('evt') };
}

async function checkoutOf(deps: GatewayPageDeps, orderId: string) {
  const [order, ours] = await Promise.all([gatewayOrder(deps.db, orderId), orderByProviderId(deps.db, orderId)]);
  if (!order || !ours || ours.provider !== 'test') throw notFound('Payment order not found');
  const contest = await deps.contestView(ours.contest_id, ours.user_id);
  return { order, contest };
}

/** The contest's page, where the web app finishes the payment (or says it failed). */
const contestPage = (slug: string, query: Record<string, string>) => `/contests/${encodeURIComponent(slug)}?${new URLSearchParams(query)}`;

/**
 * Pay or Fail pressed on the checkout page. Pay records a captured payment (once per order: pressing
 * it again answers the same payment) and the signed `payment.captured` webhook to deliver; Fail records
 * a failed payment and a `payment.failed` webhook. The answer is where the browser goes next.
 */
export async function completeAtGateway(deps: GatewayPageDeps, keys: RazorpayKeys, orderId: string, outcome: 'pay' | 'fail'): Promise<{ location: string; webhook: GatewayWebhook | null }> {
  const { order, contest } = await checkoutOf(deps, orderId);
  const now = deps.clock.now();
  const paidWith = async () => (await gatewayPayments(deps.db, orderId)).find((p) => p.status !== 'failed');
  const backWith = (paymentId: string) =>
    contestPage(contest.slug, { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(keys.keySecret, orderId, paymentId) });

  if (order.status === 'paid') {
    const paid = await paidWith();
    return { location: paid ? backWith(paid.id) : contestPage(contest.slug, { payment: 'failed' }), webhook: null };
  }
  const base = { order_id: orderId, amount: Number(order.amount), currency: order.currency, method: 'test', created_at: Math.floor(now / 1000) };
  if (outcome === 'fail') {
    const id = gatewayId('pay');
    await insertGatewayPayment(deps.db, { id, order_id: orderId, amount: order.amount, currency: order.currency, status: 'failed', created_at: now });
    await markGatewayOrderAttempted(deps.db, orderId);
    const webhook = webhookFor(keys, now, 'payment.failed', { ...base, id, status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'The payment was declined on the test checkout page' });
    return { location: contestPage(contest.slug, { payment: 'failed' }), webhook };
  }
  // The order is marked paid and its payment recorded together: a second press at the same moment
  // waits for both, then finds the payment.
  const id = gatewayId('pay');
  const paidHere = await deps.db.transaction().execute(async (trx) => {
    if (!(await markGatewayOrderPaid(trx, orderId))) return false;
    await insertGatewayPayment(trx, { id, order_id: orderId, amount: order.amount, currency: order.currency, status: 'captured', created_at: now });
    return true;
  });
  if (!paidHere) {
    const paid = await paidWith();
    return { location: paid ? backWith(paid.id) : contestPage(contest.slug, { payment: 'failed' }), webhook: null };
  }
  return { location: backWith(id), webhook: webhookFor(keys, now, 'payment.captured', { ...base, id, status: 'captured', captured: true }) };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
.banner{background:#b45309;color:#fff;text-align:center;font-weight:700;font-size:1.25rem;padding:1rem;letter-spacing:.02em}
main{max-width:28rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.75rem 0}
.muted{color:#52525b;font-size:.875rem;overflow-wrap:anywhere}
form{margin:0}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}
button,a.button{display:block;width:100%;font:inherit;font-weight:600;font-size:1.0625rem;padding:.875rem 1rem;border-radius:.5rem;border:0;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#15803d;color:#fff}
.fail{background:#fff;color:#b91c1c;border:2px solid #b91c1c}
a.button{background:#1d4ed8;color:#fff}
button:focus-visible,a.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;

/**
 * The checkout page: a plain server-rendered form, readable on a phone, with no script at all (the
 * site's Content-Security-Policy allows none inline). It says plainly that it is a test.
 */
export async function checkoutPage(deps: GatewayPageDeps, orderId: string): Promise<string> {
  const { order, contest } = await checkoutOf(deps, orderId);
  const action = (what: string) => `${TEST_GATEWAY_PATH}/checkout/${encodeURIComponent(orderId)}/${what}`;
  const body =
    order.status === 'paid'
      ? `<p>This order has been paid.</p><div class="actions"><a class="button" href="${escapeAttr(`/contests/${encodeURIComponent(contest.slug)}`)}">Back to the contest</a></div>`
      : `<div class="actions">
<form method="post" action="${escapeAttr(action('pay'))}"><button class="pay" type="submit">Pay ${escapeAttr(formatAmount(Number(order.amount), order.currency))}</button></form>
<form method="post" action="${escapeAttr(action('fail'))}"><button class="fail" type="submit">Fail the payment</button></form>
</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE checkout — ${escapeAttr(contest.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="alert">TEST MODE — no money moves</div>
<main>
<div class="card">
<p class="muted">Entry fee for</p>
<h1>${escapeAttr(contest.title)}</h1>
<p class="amount">${escapeAttr(formatAmount(Number(order.amount), order.currency))}</p>
<p class="muted">This is the local test payment page. Pay confirms the entry as a real payment would; Fail declines it. Nothing is charged.</p>
<p class="muted">Order ${escapeAttr(orderId)}</p>
${body}
</div>
</main>
</body>
</html>
`;
}
