/** Query and mutation keys for contests as candidates see them. What the server answers depends on who asks, so the keys say whether someone is signed in. */
export const contestKeys = {
  all: ['contests'] as const,
  list: (signedIn: boolean) => [...contestKeys.all, 'list', signedIn] as const,
  details: () => [...contestKeys.all, 'detail'] as const,
  detail: (idOrSlug: string, signedIn: boolean) => [...contestKeys.details(), idOrSlug, signedIn] as const,
  leaderboard: (contestId: string, signedIn: boolean) => [...contestKeys.all, 'leaderboard', contestId, signedIn] as const,
  rating: () => [...contestKeys.all, 'rating'] as const,
  join: () => [...contestKeys.all, 'join'] as const,
  verify: () => [...contestKeys.all, 'verify'] as const,
};
