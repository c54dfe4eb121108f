/** Query keys of the editors' challenge queue. */
export const queueKeys = {
  all: ['challenge-queue'] as const,
  lists: () => [...queueKeys.all, 'list'] as const,
  list: (filters: QueueFilters) => [...queueKeys.lists(), filters] as const,
  tests: () => [...queueKeys.all, 'tests'] as const,
};

export interface QueueFilters {
  status: 'open' | 'resolved';
  /** '' for every test. */
  testId: string;
}
