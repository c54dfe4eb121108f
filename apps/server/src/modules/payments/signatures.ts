import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's signatures are lower-case hexadecimal HMAC-SHA256. */
export const hmacHex = (secret: string, data: string | Buffer): string => createHmac('sha256', secret).update(data).digest('hex');

/** Compares a received signature with the expected one in constant time; anything not 64 hex digits fails. */
export function signatureMatches(expected: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}

/** What Checkout signs after a payment: the order id we stored, a pipe, and the payment id. */
export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string): string => hmacHex(keySecret, `${orderId}|${paymentId}`);

/** What a webhook carries in `X-Razorpay-Signature`: the raw body signed with the webhook secret. */
export const webhookSignature = (webhookSecret: string, rawBody: Buffer | string): string => hmacHex(webhookSecret, rawBody);
