/** A payment as the provider reports it; other states (Razorpay's `created`) are left out. */
export type ProviderPayment = { id: string; status: 'captured' | 'authorized' | 'failed' | 'refunded'; amount: number; currency: string };

/**
 * What the payments service needs from a payment provider: Razorpay over HTTP, or the local test
 * gateway, which keeps its books in the database and signs exactly as Razorpay does.
 */
export type PaymentProvider = {
  readonly name: 'razorpay' | 'test';
  /** Creates an order for `amount` paise; the amount always comes from our database. */
  createOrder(p: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  /** The payments made against an order, for reconciliation after a lost webhook. */
  paymentsOfOrder(orderId: string): Promise<ProviderPayment[]>;
  /** Refunds `amount` paise of a captured payment. */
  refund(paymentId: string, amount: number): Promise<{ id: string }>;
  /** Checkout's callback: HMAC-SHA256(order id + "|" + payment id, key secret), compared in constant time. */
  checkoutSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
  /** A webhook: HMAC-SHA256(raw body, webhook secret), compared in constant time. */
  webhookSignatureValid(rawBody: Buffer, signature: string): boolean;
  /** How the browser pays for an order: Razorpay Checkout with the public key, or the local checkout page. */
  checkout(orderId: string): { keyId: string | null; checkoutUrl: string | null };
};
