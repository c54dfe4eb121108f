import { profileResponseSchema, type ProfileResponse, type ProfileUpdateParsed } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { profileKeys } from './profile-keys';

/** PUT /api/users/profile/update with the changed fields; empty optional fields are sent as null. */
export function updateProfile(input: ProfileUpdateParsed): Promise<ProfileResponse> {
  return apiRequest('users/profile/update', { method: 'PUT', body: input, schema: profileResponseSchema });
}

/** Saves the profile behind the loader overlay, then refreshes the cached profile (and its cookie). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: profileKeys.update(),
    mutationFn: updateProfile,
    meta: { loader: true },
    onSuccess: (data) => {
      queryClient.setQueryData(currentUserKey, data);
      toast.success(t('toast.profileSaved'));
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: () => {
      toast.error(t('profile.updateFailed'));
    },
  });
}
