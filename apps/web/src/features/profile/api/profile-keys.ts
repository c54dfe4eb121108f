/** Query keys for the signed-in user's profile. */
export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
  update: () => [...profileKeys.all, 'update'] as const,
};
