import { blogListResponseSchema, type BlogListItem } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

/** GET /public/allblogs on the alt base (docs/PRODUCT.md §4): published blogs, newest first. */
export async function getBlogs(signal?: AbortSignal): Promise<BlogListItem[]> {
  const { data } = await apiRequest('/public/allblogs', { base: 'alt', schema: blogListResponseSchema, signal });
  return data;
}

/** Query options for the published blogs; the home page and /blogs share this one cache entry. */
export function blogsQueryOptions() {
  return queryOptions({
    queryKey: blogKeys.list(),
    queryFn: ({ signal }) => getBlogs(signal),
    staleTime: 60_000,
  });
}

/** The published blogs, newest first; `select` picks a part (the home page takes three). */
export function useBlogs<T = BlogListItem[]>(select?: (blogs: BlogListItem[]) => T) {
  return useQuery({ ...blogsQueryOptions(), select });
}
