import { z } from 'zod';
import { contestSchema } from './contests.js';

// Payments for paid contest entries: Razorpay, or the local test gateway (docs/PRODUCT.md §8.8).
// Amounts are integer paise.

/** How the browser pays for a paid entry: Razorpay Checkout with `keyId`, or the local test checkout page. */
export const paymentStartSchema = z.object({
  /** Our order id. */
  id: z.string(),
  provider: z.enum(['razorpay', 'test']),
  /** The provider's order id (Razorpay's `order_…`). */
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** Razorpay only: the public key for Checkout. */
  keyId: z.string().nullable(),
  /** Test provider only: the local checkout page. */
  checkoutUrl: z.string().nullable(),
  holdExpiresAt: z.string(),
  /** Shown in the checkout: what is being paid for. */
  description: z.string(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** What Razorpay Checkout hands the page after a payment, posted to POST /api/payments/verify. */
export const paymentVerifySchema = z.strictObject({
  razorpay_order_id: z.string({ error: 'razorpay_order_id is required' }).min(1).max(64),
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id is required' }).min(1).max(64),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).regex(/^[0-9a-f]{64}$/, { error: 'razorpay_signature must be 64 hexadecimal digits' }),
});
export type PaymentVerify = z.infer<typeof paymentVerifySchema>;

export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentOrderSchema = z.object({
  id: z.string(),
  provider: z.enum(['razorpay', 'test']),
  orderId: z.string(),
  contestId: z.string(),
  contestTitle: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Why a payment failed or was refunded, in words. */
  note: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const paymentOrderResponseSchema = z.object({ data: paymentOrderSchema });
export const paymentVerifyResponseSchema = z.object({ data: paymentOrderSchema, contest: contestSchema });
