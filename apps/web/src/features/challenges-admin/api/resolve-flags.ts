import { flagResolveResultSchema, type FlagResolution } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { queueKeys } from './queue-keys';

export interface FlagResolveInput {
  questionId: string;
  resolution: Extract<FlagResolution, 'fixed' | 'dismissed'>;
  reply: string;
}

/** POST /api/admin/challenges/resolve: closes a question's open reports without a key decision; answers how many it closed. */
export async function resolveFlags(input: FlagResolveInput): Promise<number> {
  const { data } = await apiRequest('admin/challenges/resolve', { method: 'POST', body: input, schema: flagResolveResultSchema });
  return data.resolved;
}

export function useResolveFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFlags,
    meta: { loader: true },
    onSuccess: (resolved) => {
      toast.success(t('challengeQueue.resolved', { count: resolved }));
      void queryClient.invalidateQueries({ queryKey: queueKeys.lists() });
    },
  });
}
