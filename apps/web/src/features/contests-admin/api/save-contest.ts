import { adminContestResponseSchema, type AdminContest, type ContestInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { contestEditorKeys } from './contest-editor-keys';

/** POST /api/admin/contests (new) or PUT /api/admin/contests/:id (the whole contest). 400 names each refused field; 409 a taken slug or seats below the entries. */
export async function saveContest({ id, input }: { id?: string | undefined; input: ContestInput }): Promise<AdminContest> {
  const path = id ? `admin/contests/${encodeURIComponent(id)}` : 'admin/contests';
  const { data } = await apiRequest(path, { method: id ? 'PUT' : 'POST', body: input, schema: adminContestResponseSchema });
  return data;
}

export function useSaveContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contestEditorKeys.save(),
    mutationFn: saveContest,
    meta: { loader: true },
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(contestEditorKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: contestEditorKeys.lists() });
      toast.success(id ? t('editor.toast.saved') : t('contestEditor.toast.created'));
    },
  });
}

/** POST /api/admin/contests/:id/cancel with the reason candidates are told; paid entries are refunded by the server. */
export async function cancelContest({ id, reason }: { id: string; reason: string }): Promise<AdminContest> {
  const { data } = await apiRequest(`admin/contests/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason }, schema: adminContestResponseSchema });
  return data;
}

export function useCancelContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: contestEditorKeys.cancel(),
    mutationFn: cancelContest,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(contestEditorKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: contestEditorKeys.lists() });
      toast.success(t('contestEditor.toast.cancelled'));
    },
  });
}
