import { adminUserResponseSchema, type Role } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { userKeys } from './user-keys';

/** PATCH /api/admin/users/:id/role. */
export async function changeRole({ id, role }: { id: string; role: Role }) {
  const { data } = await apiRequest(`admin/users/${encodeURIComponent(id)}/role`, { method: 'PATCH', body: { role }, schema: adminUserResponseSchema });
  return data;
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.role(),
    mutationFn: changeRole,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      toast.success(t('users.roleChanged', { name: user.name, role: t(`role.${user.role}`) }));
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      toast.error(errorMessage(error, t('users.roleFailed')));
    },
  });
}
