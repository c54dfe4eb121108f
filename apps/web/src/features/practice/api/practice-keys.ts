/** Query keys of the practice feature; everything under `all` is the candidate's own practice state. */
export const practiceKeys = {
  all: ['practice'] as const,
  choices: () => [...practiceKeys.all, 'choices'] as const,
  mistakes: () => [...practiceKeys.all, 'mistakes'] as const,
  bookmarks: () => [...practiceKeys.all, 'bookmarks'] as const,
  sessions: () => [...practiceKeys.all, 'sessions'] as const,
  session: (id: string) => [...practiceKeys.all, 'session', id] as const,
};
