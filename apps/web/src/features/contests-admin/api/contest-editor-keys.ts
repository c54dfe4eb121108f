/** Query and mutation keys for the editor's contests; under `editor` so that saving refreshes what candidates see (app/query-client.ts). */
export const contestEditorKeys = {
  all: ['editor', 'contests'] as const,
  lists: () => [...contestEditorKeys.all, 'list'] as const,
  list: (filters: ContestFilters) => [...contestEditorKeys.lists(), filters] as const,
  detail: (id: string) => [...contestEditorKeys.all, 'detail', id] as const,
  tests: (search: string) => [...contestEditorKeys.all, 'tests', search] as const,
  paper: (testId: string) => [...contestEditorKeys.all, 'paper', testId] as const,
  save: () => [...contestEditorKeys.all, 'save'] as const,
  cancel: () => [...contestEditorKeys.all, 'cancel'] as const,
};

export interface ContestFilters {
  q: string;
  page: number;
}
