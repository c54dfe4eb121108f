import type { Selectable } from 'kysely';

/** An order with the payment provider for a contest entry; the amount comes from the database. */
export interface PaymentOrdersTable {
  id: string;
  provider: 'razorpay' | 'test';
  provider_order_id: string;
  contest_id: string;
  entry_id: string;
  user_id: string;
  amount: number;
  currency: string;
  /** Never moves back from paid to created or failed. */
  status: 'created' | 'paid' | 'failed' | 'refund_pending' | 'refunded';
  provider_payment_id: string | null;
  refund_id: string | null;
  note: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** When reconciliation last asked the provider about this order. */
  checked_at: number | null;
}

/** Provider events already handled, by the provider's event id. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  event: string;
  received_at: number;
}

/** The local test gateway's orders (test provider only). */
export interface TestGatewayOrdersTable {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  created_at: number;
}

/** The local test gateway's payments (test provider only). */
export interface TestGatewayPaymentsTable {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  created_at: number;
}

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
