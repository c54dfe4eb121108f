/** Query keys for the public blogs. */
export const blogKeys = {
  all: ['blogs'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  detail: (slug: string) => [...blogKeys.all, 'detail', slug] as const,
};
