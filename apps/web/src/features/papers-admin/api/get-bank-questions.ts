import { questionPageSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys, type BankFilters } from './test-keys';

export const BANK_PAGE_SIZE = 10;

/** GET /api/admin/questions, published only: what a test's fixed list may hold. */
export async function getBankQuestions(filters: BankFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ status: 'published', page: String(filters.page), pageSize: String(BANK_PAGE_SIZE) });
  for (const key of ['search', 'category', 'topic', 'difficulty'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return apiRequest(`admin/questions?${params.toString()}`, { schema: questionPageSchema, signal });
}

export function bankQuestionsQueryOptions(filters: BankFilters) {
  return queryOptions({ queryKey: testKeys.bank(filters), queryFn: ({ signal }) => getBankQuestions(filters, signal) });
}

export function useBankQuestions(filters: BankFilters) {
  return useQuery({ ...bankQuestionsQueryOptions(filters), placeholderData: keepPreviousData });
}
