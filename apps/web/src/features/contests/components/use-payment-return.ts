import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useVerifyPayment } from '../api/verify-payment';

const CALLBACK_KEYS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/**
 * Back on the contest page from a checkout: with `razorpay_order_id`, `razorpay_payment_id` and
 * `razorpay_signature` in the address, the payment is verified by the server once, then the address
 * is cleaned; with `payment=failed`, the page says so. Either way the address no longer carries them,
 * so a reload does not repeat anything.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyPayment();
  const [failed, setFailed] = useState(() => params.get('payment') === 'failed');
  const handled = useRef(false);
  const verifyPayment = verify.mutate;

  useEffect(() => {
    if (handled.current) return;
    const [orderId, paymentId, signature] = CALLBACK_KEYS.map((key) => params.get(key));
    const paymentFailed = params.get('payment') === 'failed';
    if (!(orderId && paymentId && signature) && !paymentFailed) return;
    handled.current = true;
    const cleaned = new URLSearchParams(params);
    for (const key of [...CALLBACK_KEYS, 'payment']) cleaned.delete(key);
    setParams(cleaned, { replace: true });
    if (orderId && paymentId && signature) verifyPayment({ razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature });
  }, [params, setParams, verifyPayment]);

  return { verify, failed, setFailed };
}
