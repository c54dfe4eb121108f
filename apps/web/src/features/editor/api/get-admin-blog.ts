import { adminBlogResponseSchema, type AdminBlog } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** GET /api/admin/blogs/:id: one blog with its Markdown source and status. */
export async function getAdminBlog(id: string, signal?: AbortSignal): Promise<AdminBlog> {
  const { data } = await apiRequest(`admin/blogs/${encodeURIComponent(id)}`, { schema: adminBlogResponseSchema, signal });
  return data;
}

/** Query options for one blog being edited. */
export function adminBlogQueryOptions(id: string) {
  return queryOptions({ queryKey: editorKeys.blog(id), queryFn: ({ signal }) => getAdminBlog(id, signal) });
}

/** One blog being edited. */
export function useAdminBlog(id: string) {
  return useQuery(adminBlogQueryOptions(id));
}
