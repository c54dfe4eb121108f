import { adminUserResponseSchema } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { userKeys } from './user-keys';

/** PUT /api/admin/users/:id/accommodation: the candidate's compensatory time, in extra minutes per hour (0: none). */
export async function setAccommodation({ id, extraMinutesPerHour }: { id: string; extraMinutesPerHour: number }) {
  const { data } = await apiRequest(`admin/users/${encodeURIComponent(id)}/accommodation`, { method: 'PUT', body: { extraMinutesPerHour }, schema: adminUserResponseSchema });
  return data;
}

export function useSetAccommodation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.accommodation(),
    mutationFn: setAccommodation,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      toast.success(
        user.extraMinutesPerHour > 0 ? t('users.extraTime.saved', { name: user.name, minutes: user.extraMinutesPerHour }) : t('users.extraTime.removed', { name: user.name }),
      );
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('users.extraTime.failed')));
    },
  });
}
