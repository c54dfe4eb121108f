import { testDetailResponseSchema, type TestDetail } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthToken } from '@/lib/use-auth-token';
import { testKeys } from './test-keys';

/** GET /api/tests/:slug: one published test's instructions; with a token, the candidate's attempts too. */
export async function getTest(slug: string, signal?: AbortSignal): Promise<TestDetail> {
  const { data } = await apiRequest(`tests/${encodeURIComponent(slug)}`, { schema: testDetailResponseSchema, signal });
  return data;
}

/** One published test; fetched again after signing in or out, as `myAttempts` depends on it. */
export function useTest(slug: string) {
  const signedIn = useAuthToken() !== null;
  return useQuery({ queryKey: testKeys.detail(slug, signedIn), queryFn: ({ signal }) => getTest(slug, signal), staleTime: 0 });
}
