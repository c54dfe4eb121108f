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
 * Signs out: whatever the server answers (it may be unreachable), the token, every cached query
 * and the attempt copies kept on the device are dropped here and the visitor lands on the home page.
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
      // The copies of open attempts kept for the exam screen offline leave the device with the account.
      void import('@/lib/attempt-copies').then((copies) => copies.forgetAttemptCopies());
      toast.success(t('toast.signedOut'));
    },
  });
}
