import { authResponseSchema, type AuthResponse, type LoginRequest } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setAuthToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

/** POST /api/auth/login. A 401 here means a wrong password, so it must not end the session. */
export function login(input: LoginRequest): Promise<AuthResponse> {
  return apiRequest('auth/login', { method: 'POST', body: input, schema: authResponseSchema, skipAuthRedirect: true });
}

/** Signs in, stores the token and refreshes everything cached for the previous visitor. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: login,
    meta: { loader: true },
    onSuccess: async ({ token }) => {
      setAuthToken(token);
      await queryClient.invalidateQueries();
    },
  });
}
