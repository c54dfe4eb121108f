import { MutationCache, QueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/features/blogs/api/blog-keys';
import { editorKeys } from '@/features/editor/api/editor-keys';
import { topicKeys } from '@/features/topics/api/topic-keys';
import { isApiError } from '@/lib/api-error';

/** Retries network failures and server errors twice, never a 4xx (the answer will not change). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's one query client. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // What editors change is what readers see: after any editor mutation, the public blog and topic
    // caches refresh. Wired here because features do not reach into each other's keys.
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.options.mutationKey?.[0] !== editorKeys.all[0]) return;
        void queryClient.invalidateQueries({ queryKey: blogKeys.all });
        void queryClient.invalidateQueries({ queryKey: topicKeys.all });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
