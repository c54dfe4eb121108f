import { reviewResponseSchema, type ReviewQuestion } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { attemptKeys } from './attempt-keys';

/** GET /api/attempts/:id/review: every question with the answer, the key and the explanation; 409 REVIEW_NOT_YET before the reveal. */
export async function getReview(id: string, signal?: AbortSignal): Promise<ReviewQuestion[]> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/review`, { schema: reviewResponseSchema, signal });
  return data.questions;
}

export const reviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: attemptKeys.review(id),
    queryFn: ({ signal }) => getReview(id, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });

export function useReview(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewQueryOptions(id), enabled });
}
