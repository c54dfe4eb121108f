/** Mutation keys of the profile page; the profile itself is read with `currentUserKey` (lib/current-user). */
export const profileKeys = {
  all: ['profile'] as const,
  update: () => [...profileKeys.all, 'update'] as const,
};
