import { authResponseSchema, type AuthResponse, type RegisterRequest } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getLocale } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { setAuthToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

/** POST /api/auth/register: creates the account, in the language the page is read in, and signs it in. */
export function register(input: RegisterRequest): Promise<AuthResponse> {
  return apiRequest('auth/register', { method: 'POST', body: { ...input, preferredLanguage: input.preferredLanguage ?? getLocale() }, schema: authResponseSchema });
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
