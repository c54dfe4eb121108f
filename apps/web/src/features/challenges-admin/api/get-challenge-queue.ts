import { challengeQueueSchema, type ChallengeQueueItem } from '@abhyas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queueKeys, type QueueFilters } from './queue-keys';

/** GET /api/admin/challenges?status=&testId=: each challenged or statistically flagged question, at one version and in one test or none. */
export async function getChallengeQueue(filters: QueueFilters, signal?: AbortSignal): Promise<ChallengeQueueItem[]> {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.testId) params.set('testId', filters.testId);
  const { data } = await apiRequest(`admin/challenges?${params.toString()}`, { schema: challengeQueueSchema, signal });
  return data;
}

export function useChallengeQueue(filters: QueueFilters) {
  return useQuery({ queryKey: queueKeys.list(filters), queryFn: ({ signal }) => getChallengeQueue(filters, signal), placeholderData: keepPreviousData });
}
