import { authResponseSchema, type AuthResponse, type ChangePasswordRequest } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { setAuthToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

// A wrong current password may come back as 401 INVALID_CREDENTIALS: that is a typo, not an
// expired session, so only other 401s end the session.
const isWrongPassword = (error: ApiError) => error.code === 'INVALID_CREDENTIALS';

/** POST /api/auth/password: answers a fresh token; every other session is revoked. */
export function changePassword(input: ChangePasswordRequest): Promise<AuthResponse> {
  return apiRequest('auth/password', {
    method: 'POST',
    body: input,
    schema: authResponseSchema,
    skipAuthRedirect: isWrongPassword,
  });
}

/** Changes the password and keeps this device signed in with the new token. */
export function useChangePassword() {
  return useMutation({
    mutationKey: authKeys.changePassword(),
    mutationFn: changePassword,
    meta: { loader: true },
    onSuccess: ({ token }) => setAuthToken(token),
  });
}
