import { ratingResponseSchema, type Rating } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contestKeys } from './contest-keys';

/** GET /api/contests/rating: the signed-in candidate's contest rating and its history. */
export async function getRating(signal?: AbortSignal): Promise<Rating> {
  const { data } = await apiRequest('contests/rating', { schema: ratingResponseSchema, signal });
  return data;
}

export function useRating() {
  return useQuery({ queryKey: contestKeys.rating(), queryFn: ({ signal }) => getRating(signal) });
}
