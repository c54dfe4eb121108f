import { practiceChoicesResponseSchema } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/**
 * GET /api/practice/choices: every category path holding published questions, parents included.
 * A blueprint rule draws published questions only, so these are the categories worth suggesting.
 */
export async function getCategoryChoices(signal?: AbortSignal): Promise<string[]> {
  const { data } = await apiRequest('practice/choices', { schema: practiceChoicesResponseSchema, signal });
  return data.categories.map((c) => c.path);
}

/** The category paths a blueprint rule may name, as suggestions; the rule still takes any path. */
export function useCategoryChoices() {
  return useQuery(queryOptions({ queryKey: testKeys.categoryChoices(), queryFn: ({ signal }) => getCategoryChoices(signal), staleTime: 60_000 }));
}
