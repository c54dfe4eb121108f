import { adminTestPageSchema } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queueKeys } from './queue-keys';

export interface TestChoice {
  id: string;
  title: string;
}

/** GET /api/admin/tests: the most recently changed tests, for the queue's test filter. */
export async function getTestChoices(signal?: AbortSignal): Promise<TestChoice[]> {
  const page = await apiRequest('admin/tests?page=1&pageSize=100', { schema: adminTestPageSchema, signal });
  return page.data.map((test) => ({ id: test.id, title: test.title }));
}

export function useTestChoices() {
  return useQuery({ queryKey: queueKeys.tests(), queryFn: ({ signal }) => getTestChoices(signal), staleTime: 5 * 60_000 });
}
