import { adminTestResponseSchema, type AdminTest, type TestInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/** POST /api/admin/tests: a new draft; 400 names each field the bank or the rules refuse, 409 a taken slug. */
export async function createTest(input: TestInput): Promise<AdminTest> {
  const { data } = await apiRequest('admin/tests', { method: 'POST', body: input, schema: adminTestResponseSchema });
  return data;
}

/** PUT /api/admin/tests/:id with the whole test. */
export async function updateTest({ id, input }: { id: string; input: TestInput }): Promise<AdminTest> {
  const { data } = await apiRequest(`admin/tests/${encodeURIComponent(id)}`, { method: 'PUT', body: input, schema: adminTestResponseSchema });
  return data;
}

export function useCreateTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: testKeys.create(),
    mutationFn: createTest,
    meta: { loader: true },
    onSuccess: (created) => {
      queryClient.setQueryData(testKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: testKeys.lists() });
      toast.success(t('editor.toast.created'));
    },
  });
}

export function useUpdateTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: testKeys.update(),
    mutationFn: updateTest,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(testKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: testKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...testKeys.all, 'preview', saved.id] });
      toast.success(t('editor.toast.saved'));
    },
  });
}
