import { myFlagListSchema, type MyFlag } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { challengeKeys } from './challenge-keys';

/** GET /api/me/challenges: the candidate's challenges and problem reports, newest first. */
export async function getMyFlags(signal?: AbortSignal): Promise<MyFlag[]> {
  const { data } = await apiRequest('me/challenges', { schema: myFlagListSchema, signal });
  return data;
}

export function useMyFlags({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: challengeKeys.mine(), queryFn: ({ signal }) => getMyFlags(signal), enabled });
}
