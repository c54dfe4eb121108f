import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit.service.js';
import { openOrder, type OpenOrder } from './orders.js';
import type { PaymentDeps } from './payments.deps.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayClient, type RazorpayKeys } from './razorpay.js';
import { refundEntryPayment } from './refunds.js';
import { createTestGateway } from './test-gateway.js';

/**
 * The payments module's face: what the routes, the jobs and src/wiring.ts use, each job in its own
 * file: the deps and ports (`payments.deps.ts`), orders (`orders.ts`), taking a payment (`taking.ts`)
 * and refunds (`refunds.ts`).
 */
export type { ContestView, EntryFulfilment, FulfilDeps, PaymentDeps } from './payments.deps.js';
export type { PaymentProvider } from './provider.js';
export { openOrder, paymentOrder } from './orders.js';
export { receiveWebhook, reconcilePendingOrders, verifyPayment, type Fulfilment, type WebhookOutcome } from './taking.js';
export { processRefunds, refundEntryPayment, refundOrder, REFUND_RETRY_MS } from './refunds.js';

/** The configured provider: Razorpay over HTTP, or the local test gateway; null when paid entry is off. */
export function paymentProvider(payments: { provider: 'test' | 'razorpay' | null; keys: RazorpayKeys | null }, deps: { db: Db; clock: Clock }): PaymentProvider | null {
  if (!payments.provider || !payments.keys) return null;
  return payments.provider === 'razorpay' ? createRazorpayClient(payments.keys) : createTestGateway(deps, payments.keys);
}

/** The payments side of the contests module's `ContestPayments` port. */
export function contestPayments(deps: PaymentDeps) {
  return {
    openOrder: (p: OpenOrder) => openOrder(deps, p),
    refundEntry: (p: { entryId: string; note: string; actor: AuditActor }) => refundEntryPayment(deps, p.actor, p.entryId, p.note),
  };
}
