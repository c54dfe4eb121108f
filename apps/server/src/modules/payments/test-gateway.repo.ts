import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { TestGatewayOrdersTable, TestGatewayPaymentsTable } from './payments.table.js';

export type GatewayOrderRow = Selectable<TestGatewayOrdersTable>;
export type GatewayPaymentRow = Selectable<TestGatewayPaymentsTable>;

export async function insertGatewayOrder(db: Executor, row: Insertable<TestGatewayOrdersTable>): Promise<void> {
  await db.insertInto('test_gateway_orders').values(row).execute();
}

export async function gatewayOrder(db: Executor, id: string): Promise<GatewayOrderRow | undefined> {
  return db.selectFrom('test_gateway_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function gatewayPayments(db: Executor, orderId: string): Promise<GatewayPaymentRow[]> {
  return db.selectFrom('test_gateway_payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

export async function gatewayPayment(db: Executor, id: string): Promise<GatewayPaymentRow | undefined> {
  return db.selectFrom('test_gateway_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGatewayPayment(db: Executor, row: Insertable<TestGatewayPaymentsTable>): Promise<void> {
  await db.insertInto('test_gateway_payments').values(row).execute();
}

/** An order is paid once: false when another payment got there first. */
export async function markGatewayOrderPaid(db: Executor, id: string): Promise<boolean> {
  const result = await db.updateTable('test_gateway_orders').set({ status: 'paid' }).where('id', '=', id).where('status', '<>', 'paid').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markGatewayOrderAttempted(db: Executor, id: string): Promise<void> {
  await db.updateTable('test_gateway_orders').set({ status: 'attempted' }).where('id', '=', id).where('status', '=', 'created').execute();
}

/** Refunds a captured payment; false when it was not captured (refunded already, or failed). */
export async function refundGatewayPayment(db: Executor, id: string): Promise<boolean> {
  const result = await db.updateTable('test_gateway_payments').set({ status: 'refunded' }).where('id', '=', id).where('status', '=', 'captured').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
