import { mistakesResponseSchema, type Mistakes } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /api/practice/mistakes: how many wrong answers are due today, later, and mastered. */
export async function getMistakes(signal?: AbortSignal): Promise<Mistakes> {
  const { data } = await apiRequest('practice/mistakes', { schema: mistakesResponseSchema, signal });
  return data;
}

export function useMistakes() {
  return useQuery(queryOptions({ queryKey: practiceKeys.mistakes(), queryFn: ({ signal }) => getMistakes(signal) }));
}
