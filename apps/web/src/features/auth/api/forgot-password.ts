import { messageResponseSchema, type ForgotPasswordRequest, type MessageResponse } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useShellStore } from '@/stores/shell-store';
import { authKeys } from './auth-keys';

/** POST /api/auth/password/forgot: answered the same whether or not an account uses the address. */
export function forgotPassword(input: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiRequest('auth/password/forgot', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function useForgotPassword() {
  const setLoading = useShellStore((state) => state.setLoading);
  return useMutation({
    mutationKey: [...authKeys.all, 'forgot-password'],
    mutationFn: forgotPassword,
    onMutate: () => setLoading(true),
    onSettled: () => setLoading(false),
  });
}
