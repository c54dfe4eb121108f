import { matchMutation, MutationCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { blogKeys } from '@/features/blogs/api/blog-keys';
import { contestKeys } from '@/features/contests/api/contest-keys';
import { editorKeys } from '@/features/editor/api/editor-keys';
import { questionKeys } from '@/features/question-bank/api/question-keys';
import { topicKeys } from '@/features/topics/api/topic-keys';
import { isApiError } from '@/lib/api-error';
import { useShellStore } from '@/stores/shell-store';

/** Retries network failures and server errors twice, never a 4xx (the answer will not change). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Raises the shell's one loader flag while any mutation with `meta: { loader: true }` runs, and
 * lowers it when the last of them settles, so two saves at once do not hide the overlay early.
 */
function loaderWiring() {
  let running = 0;
  const showsLoader = (mutation: Mutation<unknown, unknown, unknown>) => mutation.meta?.loader === true;
  return {
    onMutate: (_variables: unknown, mutation: Mutation<unknown, unknown, unknown>) => {
      if (!showsLoader(mutation)) return;
      running += 1;
      useShellStore.getState().setLoading(true);
    },
    onSettled: (_data: unknown, _error: unknown, _variables: unknown, _context: unknown, mutation: Mutation<unknown, unknown, unknown>) => {
      if (!showsLoader(mutation)) return;
      running = Math.max(0, running - 1);
      if (running === 0) useShellStore.getState().setLoading(false);
    },
  };
}

/** The app's one query client. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      ...loaderWiring(),
      // What editors change is what readers see: after any editor mutation, the public blog and
      // topic caches and the contests refresh, and after a topic change, the topics a question can link to. Wired
      // here because features do not reach into each other's keys.
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.options.mutationKey?.[0] !== editorKeys.all[0]) return;
        void queryClient.invalidateQueries({ queryKey: blogKeys.all });
        void queryClient.invalidateQueries({ queryKey: topicKeys.all });
        void queryClient.invalidateQueries({ queryKey: contestKeys.all });
        if (matchMutation({ mutationKey: editorKeys.topics() }, mutation)) void queryClient.invalidateQueries({ queryKey: questionKeys.topicChoices() });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
