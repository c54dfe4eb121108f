import { testPreviewResponseSchema, type TestPreview } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { testKeys } from './test-keys';

/** GET /api/admin/tests/:id/preview?seed=: the saved test as a candidate with that seed gets it, without the key. */
export async function getTestPreview(id: string, seed: string, signal?: AbortSignal): Promise<TestPreview> {
  const { data } = await apiRequest(`admin/tests/${encodeURIComponent(id)}/preview?seed=${encodeURIComponent(seed)}`, { schema: testPreviewResponseSchema, signal });
  return data;
}

export function testPreviewQueryOptions(id: string, seed: string) {
  return queryOptions({ queryKey: testKeys.preview(id, seed), queryFn: ({ signal }) => getTestPreview(id, seed, signal), retry: false });
}

export function useTestPreview(id: string, seed: string, enabled = true) {
  return useQuery({ ...testPreviewQueryOptions(id, seed), enabled });
}
