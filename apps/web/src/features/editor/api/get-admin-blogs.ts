import { adminBlogListSchema, type AdminBlog } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editorKeys } from './editor-keys';

/** GET /api/admin/blogs: every blog, drafts included (editor or admin). */
export async function getAdminBlogs(signal?: AbortSignal): Promise<AdminBlog[]> {
  const { data } = await apiRequest('admin/blogs', { schema: adminBlogListSchema, signal });
  return data;
}

/** Query options for the editor's list of blogs. */
export function adminBlogsQueryOptions() {
  return queryOptions({ queryKey: editorKeys.blogs(), queryFn: ({ signal }) => getAdminBlogs(signal) });
}

/** Every blog, for the editor's list. */
export function useAdminBlogs() {
  return useQuery(adminBlogsQueryOptions());
}
