import { adminTestResponseSchema, type AdminTest } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { testKeys } from './test-keys';

/** POST /api/admin/tests/:id/publish or /unpublish. Publishing checks the bank again (400 naming what it lacks). */
export async function setTestPublished({ id, published }: { id: string; published: boolean }): Promise<AdminTest> {
  const action = published ? 'publish' : 'unpublish';
  const { data } = await apiRequest(`admin/tests/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: adminTestResponseSchema });
  return data;
}

export function useSetTestPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: testKeys.publish(),
    mutationFn: setTestPublished,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(testKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: testKeys.lists() });
      toast.success(saved.status === 'published' ? t('editor.toast.published') : t('editor.toast.unpublished'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
