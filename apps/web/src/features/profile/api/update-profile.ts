import { profileResponseSchema, type ProfileResponse, type ProfileUpdateParsed } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { useShellStore } from '@/stores/shell-store';
import { profileKeys } from './profile-keys';

/** PUT /api/users/profile/update with the changed fields; empty optional fields are sent as null. */
export function updateProfile(input: ProfileUpdateParsed): Promise<ProfileResponse> {
  return apiRequest('users/profile/update', { method: 'PUT', body: input, schema: profileResponseSchema });
}

/** Saves the profile behind the loader overlay, then refreshes the cached profile (and its cookie). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setLoading = useShellStore((state) => state.setLoading);
  return useMutation({
    mutationKey: profileKeys.update(),
    mutationFn: updateProfile,
    onMutate: () => setLoading(true),
    // The loading state clears on success and on failure alike.
    onSettled: () => setLoading(false),
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.current(), data);
      toast.success(t('toast.profileSaved'));
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: () => {
      toast.error(t('profile.updateFailed'));
    },
  });
}
