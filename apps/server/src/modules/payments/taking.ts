import { createHash } from 'node:crypto';
import type { Contest, PaymentOrder, PaymentVerify } from '@abhyas/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { orderView } from './orders.js';
import type { FulfilDeps } from './payments.deps.js';
import { anotherPaidOrder, claimCheck, lockEntryPayments, markFailed, markPaid, markRefundPending, orderById, orderByPaymentId, orderByProviderId, ordersToReconcile, recordEvent } from './payments.repo.js';
import type { PaymentOrderRow } from './payments.table.js';
import { markRefundDone, refundOrder, tellRefunded } from './refunds.js';

/*
 * Taking a payment, whichever way it arrives: Checkout's callback, the provider's webhooks, and the
 * reconciliation of orders left open. Each is handled once, in any order.
 */

/** Reconciliation looks at orders up to a day old: Razorpay retries webhooks for 24 hours. */
const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;
const ORDERS_PER_ROUND = 100;

const REFUND_NOTES = {
  seatGone: 'The seat could not be kept: the contest was full, had started or was cancelled when the payment arrived. The entry fee is refunded.',
  paidTwice: 'This entry was already paid for, so this second payment is refunded.',
};

export type Fulfilment = 'paid' | 'refund' | 'unchanged';

/**
 * Inside one transaction: the order becomes paid by one conditional update (open → paid), and only
 * the caller whose update changed the row asks the contests module to confirm the entry. So the
 * Checkout callback, the webhooks and reconciliation may arrive in any order, any number of times,
 * and exactly one of them confirms. A seat that cannot be had, or an entry paid for by another
 * order already, leaves the order waiting for its refund.
 */
async function fulfilIn(trx: Executor, deps: FulfilDeps, order: PaymentOrderRow, paymentId: string, now: number): Promise<Fulfilment> {
  await lockEntryPayments(trx, order.entry_id);
  if (!(await markPaid(trx, order.id, paymentId, now))) return 'unchanged';
  if (await anotherPaidOrder(trx, order.entry_id, order.id)) {
    await markRefundPending(trx, order.id, REFUND_NOTES.paidTwice, now);
    return 'refund';
  }
  const outcome = await deps.fulfilment.confirm(trx, { entryId: order.entry_id, orderId: order.id, now });
  if (outcome === 'refund') {
    await markRefundPending(trx, order.id, REFUND_NOTES.seatGone, now);
    return 'refund';
  }
  return 'paid';
}

/** After the transaction: a refund is asked for once the answer is on its way. */
function afterFulfil(deps: FulfilDeps, orderId: string, outcome: Fulfilment): void {
  if (outcome === 'refund') deps.jobs.run('payment refund', async () => void (await refundOrder(deps, BY_SERVER, orderId)));
}

/**
 * POST /api/payments/verify: Checkout's callback. The order is ours and the caller's (else 404); the
 * signature is checked against the order id we stored, in constant time, before anything is written.
 * Answers the order and its contest as the candidate now sees them.
 */
export async function verifyPayment(deps: FulfilDeps, userId: string, body: PaymentVerify): Promise<{ order: PaymentOrder; contest: Contest }> {
  const order = await orderByProviderId(deps.db, body.razorpay_order_id);
  if (!order || order.user_id !== userId) throw notFound('Payment order not found');
  if (!deps.provider.checkoutSignatureValid(order.provider_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
    throw new AppError('PAYMENT_INVALID', 400, 'Payment could not be verified');
  }
  const outcome = await deps.db.transaction().execute((trx) => fulfilIn(trx, deps, order, body.razorpay_payment_id, deps.clock.now()));
  afterFulfil(deps, order.id, outcome);
  const [row, contest] = await Promise.all([orderById(deps.db, order.id), deps.contestView(order.contest_id, userId)]);
  return { order: orderView(row!, contest.title), contest };
}

const paymentEntity = z.object({
  id: z.string().max(64),
  amount: z.number(),
  currency: z.string().max(8),
  status: z.string().max(32).optional(),
  order_id: z.string().max(64).nullish(),
  error_description: z.string().max(500).nullish(),
});
const webhookBody = z.object({
  event: z.string().max(64),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    refund: z.object({ entity: z.object({ id: z.string().max(64), payment_id: z.string().max(64) }) }).optional(),
  }),
});

export type WebhookOutcome = 'fulfilled' | 'refund' | 'unchanged' | 'duplicate' | 'noted' | 'ignored';

/**
 * POST /api/payments/webhook, and the test gateway's deliveries: the signature over the raw bytes
 * is checked first (400, nothing written, when it does not hold); the event id is recorded in the
 * same transaction as what the event does, so an event delivered again does nothing. Events:
 * `payment.captured` and `order.paid` take the payment (amount and currency must be the stored
 * order's, else the event is logged and ignored); `payment.failed` notes the failure, the order
 * staying open for another try; `refund.processed` completes a refund. An order never moves back
 * from paid. Only database work happens here; refunds and mails run after the answer.
 */
export async function receiveWebhook(deps: FulfilDeps, w: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined }): Promise<WebhookOutcome> {
  if (!w.signature || !deps.provider.webhookSignatureValid(w.rawBody, w.signature)) {
    throw new AppError('PAYMENT_INVALID', 400, 'Webhook signature could not be verified');
  }
  let parsed: z.infer<typeof webhookBody>;
  try {
    parsed = webhookBody.parse(JSON.parse(w.rawBody.toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 400, 'The webhook body is not an event this server reads');
  }
  // An event without an id (an old webhook set-up) is known by its bytes.
  const eventId = w.eventId ?? `sha256:${createHash('sha256').update(w.rawBody).digest('hex')}`;
  const now = deps.clock.now();
  const event = { provider: deps.provider.name, eventId, event: parsed.event, now };
  const payment = parsed.payload.payment?.entity;

  if ((parsed.event === 'payment.captured' || parsed.event === 'order.paid') && payment?.order_id) {
    const order = await orderByProviderId(deps.db, payment.order_id);
    if (!order) return 'ignored';
    if (payment.amount !== Number(order.amount) || payment.currency !== order.currency) {
      deps.log.warn({ orderId: order.id, eventId, amount: payment.amount, currency: payment.currency }, 'a payment event does not match its order in amount or currency: ignored');
      return 'ignored';
    }
    const outcome = await deps.db.transaction().execute(async (trx) => ((await recordEvent(trx, event)) ? fulfilIn(trx, deps, order, payment.id, now) : ('duplicate' as const)));
    if (outcome === 'duplicate') return outcome;
    afterFulfil(deps, order.id, outcome);
    return outcome === 'paid' ? 'fulfilled' : outcome;
  }
  if (parsed.event === 'payment.failed' && payment?.order_id) {
    const order = await orderByProviderId(deps.db, payment.order_id);
    if (!order) return 'ignored';
    const note = `The payment failed${payment.error_description ? `: ${payment.error_description}` : ''}. You can try again while your seat is held.`;
    return deps.db.transaction().execute(async (trx) => ((await recordEvent(trx, event)) ? (await markFailed(trx, order.id, note, now), 'noted' as const) : ('duplicate' as const)));
  }
  if (parsed.event === 'refund.processed' && parsed.payload.refund) {
    const refund = parsed.payload.refund.entity;
    const order = await orderByPaymentId(deps.db, refund.payment_id);
    if (!order) return 'ignored';
    if (order.status === 'paid') deps.log.warn({ orderId: order.id, refundId: refund.id }, 'a payment was refunded outside this application; the entry stands');
    const done = await deps.db.transaction().execute(async (trx) => ((await recordEvent(trx, event)) ? markRefundDone(trx, deps.clock, BY_SERVER, order, refund.id) : ('duplicate' as const)));
    if (done === 'duplicate') return done;
    if (done) deps.jobs.run('refund mail', () => tellRefunded(deps, order.id));
    return 'noted';
  }
  return 'ignored';
}

/**
 * Orders still open a while after creation (and younger than a day), not asked about lately: the
 * provider's list of their payments tells whether one was captured after all (a lost webhook, a
 * closed browser). Each order is claimed by a conditional update, so one process asks.
 */
export async function reconcilePendingOrders(deps: FulfilDeps): Promise<number> {
  const now = deps.clock.now();
  const checkedBefore = now - deps.reconcileAfterMs;
  const orders = await ordersToReconcile(deps.db, { createdBefore: now - deps.reconcileAfterMs, createdAfter: now - RECONCILE_WINDOW_MS, checkedBefore, limit: ORDERS_PER_ROUND });
  let fulfilled = 0;
  for (const order of orders) {
    if (!(await claimCheck(deps.db, order.id, now, checkedBefore))) continue;
    let payments;
    try {
      payments = await deps.provider.paymentsOfOrder(order.provider_order_id);
    } catch (err) {
      deps.log.warn({ err, orderId: order.id }, 'the payment service could not be asked about an order');
      continue;
    }
    const captured = payments.find((p) => p.status === 'captured' && p.amount === Number(order.amount) && p.currency === order.currency);
    if (!captured) continue;
    const outcome = await deps.db.transaction().execute((trx) => fulfilIn(trx, deps, order, captured.id, deps.clock.now()));
    afterFulfil(deps, order.id, outcome);
    if (outcome !== 'unchanged') fulfilled += 1;
  }
  return fulfilled;
}
