import type { PaymentOrder, PaymentStart } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { PaymentDeps } from './payments.deps.js';
import { insertOrder, openOrderOfEntry, orderById } from './payments.repo.js';
import type { PaymentOrderRow } from './payments.table.js';

/* Orders: opened for the contests module's pending entries, and shown to the candidate who owns one. */

export function orderView(row: PaymentOrderRow, contestTitle: string): PaymentOrder {
  return {
    id: row.id,
    provider: row.provider,
    orderId: row.provider_order_id,
    contestId: row.contest_id,
    contestTitle,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    note: row.note,
    createdAt: toIso(Number(row.created_at)),
    paidAt: row.paid_at === null ? null : toIso(Number(row.paid_at)),
  };
}

/** GET /api/payments/orders/:id: the candidate's own order; anyone else's is not found. */
export async function paymentOrder(deps: Pick<PaymentDeps, 'db' | 'contestView'>, id: string, userId: string): Promise<PaymentOrder> {
  const row = await orderById(deps.db, id);
  if (!row || row.user_id !== userId) throw notFound('Payment order not found');
  return orderView(row, (await deps.contestView(row.contest_id, userId)).title);
}

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

export type OpenOrder = { contestId: string; entryId: string; userId: string; amount: number; currency: string; description: string; contestSlug: string; holdExpiresAt: number };

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
