import { adminBlogResponseSchema, type AdminBlog, type BlogInput } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** POST /api/admin/blogs: creates a draft (201); 409 CONFLICT when the chosen slug is taken. */
export async function createBlog(input: BlogInput): Promise<AdminBlog> {
  const { data } = await apiRequest('admin/blogs', { method: 'POST', body: input, schema: adminBlogResponseSchema });
  return data;
}

/** Creates a draft behind the loader overlay; the form shows a failure next to its fields. */
export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKeys.createBlog(),
    mutationFn: createBlog,
    meta: { loader: true },
    onSuccess: (created) => {
      queryClient.setQueryData(editorKeys.blog(created.id), created);
      void queryClient.invalidateQueries({ queryKey: editorKeys.blogs(), exact: true });
      toast.success(t('editor.toast.created'));
    },
  });
}
