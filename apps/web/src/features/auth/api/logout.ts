import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { clearAuthToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

/** POST /api/auth/logout: revokes every token of the user (204). */
export function logout(): Promise<undefined> {
  // An already-expired session is still a successful sign-out, so no redirect to /login.
  return apiRequest('auth/logout', { method: 'POST', skipAuthRedirect: true });
}

/**
 * Signs out: whatever the server answers (it may be unreachable), the token and every cached
 * query are dropped here and the visitor lands on the home page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: logout,
    onSettled: async () => {
      await navigate('/');
      clearAuthToken();
      queryClient.clear();
      toast.success(t('toast.signedOut'));
    },
  });
}
