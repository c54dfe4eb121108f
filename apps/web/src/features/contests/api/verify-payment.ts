import { paymentVerifyResponseSchema, type PaymentVerify } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { rememberContest } from './contest-cache';
import { contestKeys } from './contest-keys';

export type VerifyAnswer = z.infer<typeof paymentVerifyResponseSchema>;

/** POST /api/payments/verify with what the checkout handed back; idempotent. 400 PAYMENT_INVALID when the signature does not match. */
export async function verifyPayment(body: PaymentVerify): Promise<VerifyAnswer> {
  return apiRequest('payments/verify', { method: 'POST', body, schema: paymentVerifyResponseSchema });
}

/** Verifies a payment; the contest, now joined, is written into the page and the lists. */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contestKeys.verify(),
    mutationFn: verifyPayment,
    meta: { loader: true },
    onSuccess: ({ contest }) => rememberContest(queryClient, contest),
    onError: () => void queryClient.invalidateQueries({ queryKey: contestKeys.all }),
  });
}
