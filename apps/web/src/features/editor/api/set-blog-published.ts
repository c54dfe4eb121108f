import { adminBlogResponseSchema, type AdminBlog } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { editorKeys } from './editor-keys';

/** POST /api/admin/blogs/:id/publish or /unpublish: one button, two calls that mirror each other. */
export async function setBlogPublished({ id, published }: { id: string; published: boolean }): Promise<AdminBlog> {
  const action = published ? 'publish' : 'unpublish';
  const { data } = await apiRequest(`admin/blogs/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: adminBlogResponseSchema });
  return data;
}

/** Publishes or unpublishes, then refreshes the editor's list; the outcome is a toast. */
export function useSetBlogPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.publishBlog(),
    mutationFn: setBlogPublished,
    meta: { loader: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKeys.blog(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: editorKeys.blogs(), exact: true });
      toast.success(saved.status === 'published' ? t('editor.toast.published') : t('editor.toast.unpublished'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('errors.generic')));
    },
  });
}
