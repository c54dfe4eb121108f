import type { TEST_STATUSES } from '@abhyas/contracts';

/** Query and mutation keys for the editor's mock tests. */
export const testKeys = {
  all: ['editor', 'tests'] as const,
  lists: () => [...testKeys.all, 'list'] as const,
  list: (filters: AdminTestFilters) => [...testKeys.lists(), filters] as const,
  detail: (id: string) => [...testKeys.all, 'detail', id] as const,
  preview: (id: string, seed: string) => [...testKeys.all, 'preview', id, seed] as const,
  itemStats: (id: string) => [...testKeys.all, 'item-stats', id] as const,
  bank: (filters: BankFilters) => [...testKeys.all, 'bank', filters] as const,
  topicChoices: () => [...testKeys.all, 'topic-choices'] as const,
  categoryChoices: () => [...testKeys.all, 'category-choices'] as const,
  create: () => [...testKeys.all, 'create'] as const,
  update: () => [...testKeys.all, 'update'] as const,
  publish: () => [...testKeys.all, 'publish'] as const,
  delete: () => [...testKeys.all, 'delete'] as const,
};

export interface AdminTestFilters {
  search: string;
  /** '' lists drafts and published tests; archived ones only when asked for. */
  status: '' | (typeof TEST_STATUSES)[number];
  page: number;
}

/** The question picker's filters: published questions only, '' meaning "any". */
export interface BankFilters {
  search: string;
  category: string;
  topic: string;
  difficulty: '' | 'easy' | 'medium' | 'hard';
  page: number;
}
