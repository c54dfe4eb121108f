/** Query keys for the published tests candidates take. */
export const testKeys = {
  all: ['tests'] as const,
  list: () => [...testKeys.all, 'list'] as const,
  /** The candidate's own attempts come with the test, so the key says who is asking. */
  detail: (slug: string, signedIn: boolean) => [...testKeys.all, 'detail', slug, signedIn] as const,
};
