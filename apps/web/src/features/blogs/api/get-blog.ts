import { blogResponseSchema, type Blog } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

/** GET /api/blogs/:slug: one published blog with its content as safe HTML; 404 "Blog not found". */
export async function getBlog(slug: string, signal?: AbortSignal): Promise<Blog> {
  const { data } = await apiRequest(`blogs/${encodeURIComponent(slug)}`, { schema: blogResponseSchema, signal });
  return data;
}

/** Query options for one blog by slug. */
export function blogQueryOptions(slug: string) {
  return queryOptions({
    queryKey: blogKeys.detail(slug),
    queryFn: ({ signal }) => getBlog(slug, signal),
    staleTime: 5 * 60_000,
  });
}

/** One published blog. */
export function useBlog(slug: string) {
  return useQuery(blogQueryOptions(slug));
}
