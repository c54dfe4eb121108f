import { profileResponseSchema, type ProfileResponse } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rememberProfileCompletion } from '@/lib/cookies';
import { useAuthToken } from '@/lib/use-auth-token';
import { profileKeys } from './profile-keys';

/** GET /api/users/profile; stores `user.isCompleted` in the isCompleted cookie (seed-spec §7). */
export async function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  const profile = await apiRequest('users/profile', { schema: profileResponseSchema, signal });
  rememberProfileCompletion(profile.user.isCompleted);
  return profile;
}

/** Query options for the signed-in user's profile. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.current(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's profile; idle while there is no token. */
export function useProfile() {
  const token = useAuthToken();
  return useQuery({ ...profileQueryOptions(), enabled: token !== null });
}
