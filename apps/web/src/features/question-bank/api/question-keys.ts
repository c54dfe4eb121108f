import type { QuestionFilters } from '../utils/question-filters';

/** Query and mutation keys for the editor's question bank. */
export const questionKeys = {
  all: ['editor', 'questions'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (filters: QuestionFilters) => [...questionKeys.lists(), filters] as const,
  detail: (id: string) => [...questionKeys.all, 'detail', id] as const,
  /** A question's history; each version in full below it (an edit may rewrite one nobody has used yet). */
  versions: (id: string) => [...questionKeys.all, 'versions', id] as const,
  version: (id: string, version: number) => [...questionKeys.versions(id), version] as const,
  create: () => [...questionKeys.all, 'create'] as const,
  update: () => [...questionKeys.all, 'update'] as const,
  bulk: () => [...questionKeys.all, 'bulk'] as const,
  import: () => [...questionKeys.all, 'import'] as const,
  /** The topics a question can link to (the app refreshes them after any topic change). */
  topicChoices: () => [...questionKeys.all, 'topic-choices'] as const,
};
