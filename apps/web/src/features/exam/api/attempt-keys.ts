/** Query keys for the candidate's timed attempts. */
export const attemptKeys = {
  all: ['attempts'] as const,
  detail: (id: string) => [...attemptKeys.all, 'detail', id] as const,
  status: (id: string) => [...attemptKeys.all, 'status', id] as const,
  result: (id: string) => [...attemptKeys.all, 'result', id] as const,
  review: (id: string) => [...attemptKeys.all, 'review', id] as const,
  mine: () => [...attemptKeys.all, 'mine'] as const,
};
