import { createHash } from 'node:crypto';
import { APP, type PaymentOrder, type PaymentStart, type PaymentVerify } from '@abhyas/contracts';
import { z } from 'zod';
import type { Db, Executor } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { MailMessage } from '../../lib/mailer.js';
import { formatAmount } from './money.js';
import {
  anotherPaidOrder,
  claimCheck,
  claimRefund,
  insertOrder,
  lockEntryPayments,
  markFailed,
  markPaid,
  markRefunded,
  markRefundPending,
  openOrderOfEntry,
  orderById,
  orderByPaymentId,
  orderByProviderId,
  orderWithContest,
  ordersToReconcile,
  paidOrdersOfEntry,
  recordEvent,
  refundMailFacts,
  refundsDue,
} from './payments.repo.js';
import type { PaymentOrderRow } from './payments.table.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayClient, type RazorpayKeys } from './razorpay.js';
import { createTestGateway } from './test-gateway.js';

export type { PaymentProvider } from './provider.js';

/** The configured provider: Razorpay over HTTP, or the local test gateway; null when paid entry is off. */
export function paymentProvider(payments: { provider: 'test' | 'razorpay' | null; keys: RazorpayKeys | null }, deps: { db: Db; clock: Clock }): PaymentProvider | null {
  if (!payments.provider || !payments.keys) return null;
  return payments.provider === 'razorpay' ? createRazorpayClient(payments.keys) : createTestGateway(deps, payments.keys);
}

/**
 * The contests module's side of a payment (it owns entries and seats): inside the payment's
 * transaction, confirm the entry or retake its seat; 'refund' when the seat cannot be had. Declared
 * here, where it is used; src/wiring.ts hands in the contests module's, so neither imports the other.
 */
export type EntryFulfilment = {
  /** Inside the payment's transaction: confirm the entry (or retake a seat); 'refund' when it cannot be had. */
  confirm(trx: Executor, p: { entryId: string; orderId: string; now: number }): Promise<'confirmed' | 'refund'>;
};

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type PaymentDeps = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Refunds and their mails run after the answer. */
  jobs: BackgroundJobs;
  mailer: { send: (message: MailMessage) => Promise<void> };
  log: Log;
  publicUrl: string;
  /** Orders still unpaid this long after creation are checked with the provider. */
  reconcileAfterMs: number;
};
/** What taking a payment needs besides: the contests module's confirmation of the entry. */
export type FulfilDeps = PaymentDeps & { fulfilment: EntryFulfilment };

/** Reconciliation looks at orders up to a day old: Razorpay retries webhooks for 24 hours. */
const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A refund claimed by a process that then went away is tried again after this long. */
export const REFUND_RETRY_MS = 2 * 60 * 1000;
const BATCH = 100;

const REFUND_NOTES = {
  seatGone: 'The seat could not be kept: the contest was full, had started or was cancelled when the payment arrived. The entry fee is refunded.',
  paidTwice: 'This entry was already paid for, so this second payment is refunded.',
};

// ---------------------------------------------------------------------------------------------
// Views

function orderView(row: PaymentOrderRow & { contest_title: string }): PaymentOrder {
  return {
    id: row.id,
    provider: row.provider,
    orderId: row.provider_order_id,
    contestId: row.contest_id,
    contestTitle: row.contest_title,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    note: row.note,
    createdAt: toIso(Number(row.created_at)),
    paidAt: row.paid_at === null ? null : toIso(Number(row.paid_at)),
  };
}

/** GET /api/payments/orders/:id: the candidate's own order; anyone else's is not found. */
export async function paymentOrder(deps: Pick<PaymentDeps, 'db'>, id: string, userId: string): Promise<PaymentOrder> {
  const row = await orderWithContest(deps.db, { id });
  if (!row || row.user_id !== userId) throw notFound('Payment order not found');
  return orderView(row);
}

// ---------------------------------------------------------------------------------------------
// Orders, for the contests module

function startOf(deps: PaymentDeps, row: PaymentOrderRow, p: { description: string; holdExpiresAt: number }): PaymentStart {
  const checkout = deps.provider.checkout(row.provider_order_id);
  return {
    id: row.id,
    provider: row.provider,
    orderId: row.provider_order_id,
    amount: Number(row.amount),
    currency: row.currency,
    keyId: checkout.keyId,
    checkoutUrl: checkout.checkoutUrl,
    holdExpiresAt: toIso(p.holdExpiresAt),
    description: p.description,
  };
}

type OpenOrder = { contestId: string; entryId: string; userId: string; amount: number; currency: string; description: string; contestSlug: string; holdExpiresAt: number };

/**
 * An order for a pending entry. The entry's open order for the same amount is answered again (a
 * second join, a page reloaded); otherwise the provider creates one. The amount is the contest's
 * price as the contests module read it from the database, never a client's.
 */
export async function openOrder(deps: PaymentDeps, p: OpenOrder): Promise<PaymentStart> {
  const open = await openOrderOfEntry(deps.db, p.entryId);
  if (open && Number(open.amount) === p.amount && open.currency === p.currency && open.user_id === p.userId) return startOf(deps, open, p);
  const { id: providerOrderId } = await deps.provider.createOrder({
    amount: p.amount,
    currency: p.currency,
    receipt: p.entryId,
    notes: { contest: p.contestSlug, entry: p.entryId },
  });
  const now = deps.clock.now();
  const row: PaymentOrderRow = {
    id: newId(),
    provider: deps.provider.name,
    provider_order_id: providerOrderId,
    contest_id: p.contestId,
    entry_id: p.entryId,
    user_id: p.userId,
    amount: p.amount,
    currency: p.currency,
    status: 'created',
    provider_payment_id: null,
    refund_id: null,
    note: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    checked_at: null,
  };
  await insertOrder(deps.db, row);
  return startOf(deps, row, p);
}

/** The mail telling a candidate their entry fee was refunded. */
function refundMail(facts: NonNullable<Awaited<ReturnType<typeof refundMailFacts>>>, publicUrl: string): MailMessage {
  return {
    to: facts.email,
    subject: `Your entry fee for ${facts.title} has been refunded`,
    text: [
      `Hello ${facts.name},`,
      '',
      `Your payment of ${formatAmount(Number(facts.amount), facts.currency)} for the contest "${facts.title}" has been refunded to the way you paid.`,
      ...(facts.note ? ['', facts.note] : []),
      '',
      'Banks usually show a refund within 5 to 7 working days.',
      '',
      `The contest: ${publicUrl}/contests/${encodeURIComponent(facts.slug)}`,
      '',
      `— ${APP.name}`,
    ].join('\n'),
  };
}

async function tellRefunded(deps: PaymentDeps, orderId: string): Promise<void> {
  const facts = await refundMailFacts(deps.db, orderId);
  if (!facts) return;
  try {
    await deps.mailer.send(refundMail(facts, deps.publicUrl));
  } catch (err) {
    deps.log.warn({ err, orderId }, 'the refund mail could not be sent');
  }
}

/** Marks a refund done, and only the process whose update did it tells the candidate. */
async function finishRefund(deps: PaymentDeps, orderId: string, refundId: string | null): Promise<boolean> {
  if (!(await markRefunded(deps.db, orderId, refundId, deps.clock.now()))) return false;
  deps.log.info({ orderId, refundId }, 'entry fee refunded');
  await tellRefunded(deps, orderId);
  return true;
}

/**
 * Asks the provider to refund an order waiting for it, once across processes: the process whose
 * conditional update claims the row calls the provider. When the provider refuses because the
 * payment was refunded already (a process that refunded it went away before writing so), the
 * order's payments say so and the order is marked refunded. Other failures wait for the next sweep.
 */
export async function refundOrder(deps: PaymentDeps, orderId: string, seenUpdatedAt?: number): Promise<boolean> {
  const row = await orderById(deps.db, orderId);
  if (!row || row.status !== 'refund_pending' || !row.provider_payment_id) return false;
  // The claim names the version the caller saw: a sweep that listed the order before another
  // process claimed it must not claim it again from the newer version it would read now.
  if (!(await claimRefund(deps.db, row.id, seenUpdatedAt ?? Number(row.updated_at), deps.clock.now()))) return false;
  try {
    const { id } = await deps.provider.refund(row.provider_payment_id, Number(row.amount));
    return await finishRefund(deps, row.id, id);
  } catch (err) {
    const payments = await deps.provider.paymentsOfOrder(row.provider_order_id).catch(() => []);
    if (payments.some((p) => p.id === row.provider_payment_id && p.status === 'refunded')) return finishRefund(deps, row.id, null);
    deps.log.warn({ err, orderId }, 'the refund was not made; it is tried again later');
    return false;
  }
}

/**
 * Refunds the entry's paid order, if it has one, and tells the candidate by mail (a cancelled
 * contest). A refund the provider does not make now is tried again by `processRefunds`.
 */
export async function refundEntryPayment(deps: PaymentDeps, entryId: string, note: string): Promise<void> {
  for (const order of await paidOrdersOfEntry(deps.db, entryId)) {
    if (await markRefundPending(deps.db, order.id, note, deps.clock.now())) await refundOrder(deps, order.id);
  }
}

/** The payments side of the contests module's `ContestPayments` port. */
export function contestPayments(deps: PaymentDeps) {
  return {
    openOrder: (p: OpenOrder) => openOrder(deps, p),
    refundEntry: (p: { entryId: string; note: string }) => refundEntryPayment(deps, p.entryId, p.note),
  };
}

// ---------------------------------------------------------------------------------------------
// Taking a payment

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
  if (outcome === 'refund') deps.jobs.run('payment refund', async () => void (await refundOrder(deps, orderId)));
}

/**
 * POST /api/payments/verify: Checkout's callback. The order is ours and the caller's (else 404); the
 * signature is checked against the order id we stored, in constant time, before anything is written.
 */
export async function verifyPayment(deps: FulfilDeps, userId: string, body: PaymentVerify): Promise<PaymentOrder> {
  const order = await orderByProviderId(deps.db, body.razorpay_order_id);
  if (!order || order.user_id !== userId) throw notFound('Payment order not found');
  if (!deps.provider.checkoutSignatureValid(order.provider_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
    throw new AppError('PAYMENT_INVALID', 400, 'Payment could not be verified');
  }
  const outcome = await deps.db.transaction().execute((trx) => fulfilIn(trx, deps, order, body.razorpay_payment_id, deps.clock.now()));
  afterFulfil(deps, order.id, outcome);
  return paymentOrder(deps, order.id, userId);
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
    const done = await deps.db.transaction().execute(async (trx) => ((await recordEvent(trx, event)) ? markRefunded(trx, order.id, refund.id, now) : ('duplicate' as const)));
    if (done === 'duplicate') return done;
    if (done) deps.jobs.run('refund mail', () => tellRefunded(deps, order.id));
    return 'noted';
  }
  return 'ignored';
}

// ---------------------------------------------------------------------------------------------
// Jobs (every sweep, in every process; each order is claimed by one)

/**
 * Orders still open a while after creation (and younger than a day), not asked about lately: the
 * provider's list of their payments tells whether one was captured after all (a lost webhook, a
 * closed browser). Each order is claimed by a conditional update, so one process asks.
 */
export async function reconcilePendingOrders(deps: FulfilDeps): Promise<number> {
  const now = deps.clock.now();
  const checkedBefore = now - deps.reconcileAfterMs;
  const orders = await ordersToReconcile(deps.db, { createdBefore: now - deps.reconcileAfterMs, createdAfter: now - RECONCILE_WINDOW_MS, checkedBefore, limit: BATCH });
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

/** Refunds waiting and not being worked on: asked for again, each by one process. */
export async function processRefunds(deps: PaymentDeps): Promise<number> {
  const due = await refundsDue(deps.db, deps.clock.now() - REFUND_RETRY_MS, BATCH);
  let refunded = 0;
  for (const order of due) if (await refundOrder(deps, order.id, Number(order.updated_at))) refunded += 1;
  return refunded;
}
