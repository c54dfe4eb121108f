import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { PaymentOrderRow, PaymentOrdersTable } from './payments.table.js';

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;
const changed = (result: { numUpdatedRows: bigint } | { numInsertedOrUpdatedRows?: bigint }) =>
  Number('numUpdatedRows' in result ? result.numUpdatedRows : (result.numInsertedOrUpdatedRows ?? 0n)) > 0;

/** Orders a payment can still land on. */
const OPEN: PaymentOrderRow['status'][] = ['created', 'failed'];

export async function insertOrder(db: Executor, row: Insertable<PaymentOrdersTable>): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
}

export async function orderById(db: Executor, id: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function orderByProviderId(db: Executor, providerOrderId: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

export async function orderByPaymentId(db: Executor, paymentId: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('provider_payment_id', '=', paymentId).executeTakeFirst();
}

/** The entry's newest order a payment can still land on. */
export async function openOrderOfEntry(db: Executor, entryId: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('entry_id', '=', entryId).where('status', 'in', OPEN).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Payments for one entry take turns until the transaction ends, so two orders of the same entry
 * paid at the same moment cannot both find the other unpaid. SQLite has one writer at a time already.
 */
export async function lockEntryPayments(trx: Executor, entryId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`entry-payment:${entryId}`}, 0))`.execute(trx);
}

/** Marks an open order paid; false when it was paid (or refunded) already: an order never moves back. */
export async function markPaid(trx: Executor, id: string, paymentId: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('payment_orders')
    .set({ status: 'paid', provider_payment_id: paymentId, paid_at: now, updated_at: now, note: null })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return changed(result);
}

/** Whether another order of the entry has already been paid for. */
export async function anotherPaidOrder(trx: Executor, entryId: string, id: string): Promise<boolean> {
  const row = await trx.selectFrom('payment_orders').select('id').where('entry_id', '=', entryId).where('id', '<>', id).where('status', '=', 'paid').executeTakeFirst();
  return row !== undefined;
}

/** A paid order whose seat cannot be had (or whose contest was cancelled) waits for its refund. */
export async function markRefundPending(trx: Executor, id: string, note: string, now: number): Promise<boolean> {
  const result = await trx.updateTable('payment_orders').set({ status: 'refund_pending', note, updated_at: now }).where('id', '=', id).where('status', '=', 'paid').executeTakeFirst();
  return changed(result);
}

/** A failed payment: the order stays open for another try, with the reason noted. */
export async function markFailed(trx: Executor, id: string, note: string, now: number): Promise<boolean> {
  const result = await trx.updateTable('payment_orders').set({ status: 'failed', note, updated_at: now }).where('id', '=', id).where('status', 'in', OPEN).executeTakeFirst();
  return changed(result);
}

/** Records a provider event once; false when it was recorded before (a webhook delivered again). */
export async function recordEvent(trx: Executor, e: { provider: string; eventId: string; event: string; now: number }): Promise<boolean> {
  const result = await trx
    .insertInto('payment_events')
    .values({ provider: e.provider, event_id: e.eventId, event: e.event, received_at: e.now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return changed(result);
}

/** Open orders old enough to ask the provider about, not asked about lately, oldest first. */
export async function ordersToReconcile(db: Executor, p: { createdBefore: number; createdAfter: number; checkedBefore: number; limit: number }): Promise<PaymentOrderRow[]> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('status', 'in', OPEN)
    .where('created_at', '<', p.createdBefore)
    .where('created_at', '>', p.createdAfter)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', p.checkedBefore)]))
    .orderBy('created_at')
    .limit(p.limit)
    .execute();
}

/** Claims an order for one reconciliation: only one process asks the provider about it. */
export async function claimCheck(db: Executor, id: string, now: number, checkedBefore: number): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ checked_at: now })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .executeTakeFirst();
  return changed(result);
}

/** Orders waiting for a refund that nobody has worked on since `idleBefore`. */
export async function refundsDue(db: Executor, idleBefore: number, limit: number): Promise<PaymentOrderRow[]> {
  return db.selectFrom('payment_orders').selectAll().where('status', '=', 'refund_pending').where('updated_at', '<', idleBefore).orderBy('updated_at').limit(limit).execute();
}

/**
 * Claims a refund: the process whose update finds the row as it read it asks the provider. The
 * stamp always moves forward, so a second claim on the same reading fails even within one millisecond.
 */
export async function claimRefund(db: Executor, id: string, seenUpdatedAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ updated_at: Math.max(now, seenUpdatedAt + 1) })
    .where('id', '=', id)
    .where('status', '=', 'refund_pending')
    .where('updated_at', '=', seenUpdatedAt)
    .executeTakeFirst();
  return changed(result);
}

/** A refund done; false when it was marked done already. */
export async function markRefunded(db: Executor, id: string, refundId: string | null, now: number): Promise<boolean> {
  const result = await db.updateTable('payment_orders').set({ status: 'refunded', refund_id: refundId, updated_at: now }).where('id', '=', id).where('status', '=', 'refund_pending').executeTakeFirst();
  return changed(result);
}

export async function paidOrdersOfEntry(db: Executor, entryId: string): Promise<PaymentOrderRow[]> {
  return db.selectFrom('payment_orders').selectAll().where('entry_id', '=', entryId).where('status', '=', 'paid').execute();
}

/** Who to tell about a refund, in which language, and what for; the contest's title and slug come from the contests module. */
export async function refundMailFacts(db: Executor, id: string) {
  return db
    .selectFrom('payment_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.email', 'u.name', 'u.preferred_language as language', 'o.user_id', 'o.contest_id', 'o.amount', 'o.currency', 'o.note'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}
