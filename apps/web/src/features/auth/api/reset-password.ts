import { messageResponseSchema, type MessageResponse, type ResetPasswordRequest } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearAuthToken } from '@/lib/storage';
import { useShellStore } from '@/stores/shell-store';
import { authKeys } from './auth-keys';

/** POST /api/auth/password/reset: sets the new password from the link's token. */
export function resetPassword(input: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest('auth/password/reset', { method: 'POST', body: input, schema: messageResponseSchema });
}

/** Resets the password; every session ended with it, so a token kept here is dropped too. */
export function useResetPassword() {
  const setLoading = useShellStore((state) => state.setLoading);
  return useMutation({
    mutationKey: [...authKeys.all, 'reset-password'],
    mutationFn: resetPassword,
    onMutate: () => setLoading(true),
    onSettled: () => setLoading(false),
    onSuccess: () => clearAuthToken(),
  });
}
