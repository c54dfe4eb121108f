import { adminBlogResponseSchema, type AdminBlog, type BlogPatch } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** PATCH /api/admin/blogs/:id with the changed fields; 409 CONFLICT when the new slug is taken. */
export async function updateBlog({ id, patch }: { id: string; patch: BlogPatch }): Promise<AdminBlog> {
  const { data } = await apiRequest(`admin/blogs/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: adminBlogResponseSchema });
  return data;
}

/** Saves an edit behind the loader overlay; the form shows a failure next to its fields. */
export function useUpdateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.updateBlog(),
    mutationFn: updateBlog,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKeys.blog(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: editorKeys.blogs(), exact: true });
      toast.success(t('editor.toast.saved'));
    },
  });
}
