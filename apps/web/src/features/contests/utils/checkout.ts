import type { PaymentStart } from '@abhyas/contracts';
import { apiUrl } from '@/lib/api-client';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay Checkout hands its `handler` after a successful payment (razorpay.com/docs/payments/server-integration). */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** The test provider's checkout page is on the API server: an address under /api/ goes to the API's origin. */
export function checkoutAddress(url: string): string {
  return url.startsWith('/api/') ? apiUrl(url.slice('/api/'.length)) : url;
}

/** Leaves for a checkout page (the test provider's); it sends the browser back to the contest page. */
export function goToCheckout(url: string): void {
  window.location.assign(checkoutAddress(url));
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads Razorpay's Checkout script the first time a candidate pays, never before. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not load')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Razorpay Checkout did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface RazorpayCallbacks {
  onPaid: (response: CheckoutSuccess) => void;
  onFailed: (reason: string | null) => void;
  onDismiss: () => void;
}

/** Opens Razorpay Checkout for our order: the server made the order, so the amount here is only shown, never trusted. */
export async function openRazorpay(payment: PaymentStart, name: string, callbacks: RazorpayCallbacks): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    key: payment.keyId,
    order_id: payment.orderId,
    amount: payment.amount,
    currency: payment.currency,
    name,
    description: payment.description,
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss },
  });
  checkout.on('payment.failed', (response) => callbacks.onFailed(response.error?.description ?? null));
  checkout.open();
}
