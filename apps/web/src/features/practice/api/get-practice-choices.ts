import { practiceChoicesResponseSchema, type PracticeChoices } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /api/practice/choices: published questions by category and learning topic (public). */
export async function getPracticeChoices(signal?: AbortSignal): Promise<PracticeChoices> {
  const { data } = await apiRequest('practice/choices', { schema: practiceChoicesResponseSchema, signal });
  return data;
}

export function practiceChoicesQueryOptions() {
  return queryOptions({ queryKey: practiceKeys.choices(), queryFn: ({ signal }) => getPracticeChoices(signal), staleTime: 60_000 });
}

export function usePracticeChoices() {
  return useQuery(practiceChoicesQueryOptions());
}
