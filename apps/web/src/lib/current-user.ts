import { profileResponseSchema, type ProfileResponse } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { rememberProfileCompletion } from './cookies';
import { useAuthToken } from './use-auth-token';

/**
 * The key of the signed-in user's profile: the shell, the admin pages and the profile page all read
 * this one query, and the profile page writes it back after a save.
 */
export const currentUserKey = ['profile', 'current'] as const;

/** GET /api/users/profile; stores `user.isCompleted` in the isCompleted cookie (docs/PRODUCT.md §4). */
export async function getCurrentUser(signal?: AbortSignal): Promise<ProfileResponse> {
  const profile = await apiRequest('users/profile', { schema: profileResponseSchema, signal });
  rememberProfileCompletion(profile.user.isCompleted);
  return profile;
}

/** Query options for the signed-in user's profile. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's profile; idle while there is no token. */
export function useCurrentUser() {
  const token = useAuthToken();
  return useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
}
