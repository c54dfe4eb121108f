import { authResponseSchema, type AuthResponse, type RegisterRequest } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setAuthToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

/** POST /api/auth/register: creates the account and signs it in. */
export function register(input: RegisterRequest): Promise<AuthResponse> {
  return apiRequest('auth/register', { method: 'POST', body: input, schema: authResponseSchema });
}

/** Registers, stores the token and refreshes everything cached for the previous visitor. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.register(),
    mutationFn: register,
    meta: { loader: true },
    onSuccess: async ({ token }) => {
      setAuthToken(token);
      await queryClient.invalidateQueries();
    },
  });
}
