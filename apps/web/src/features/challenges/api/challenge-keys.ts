/** Query keys of the candidate's challenges and reports; everything under `all` is the candidate's own. */
export const challengeKeys = {
  all: ['challenges'] as const,
  attempt: (attemptId: string) => [...challengeKeys.all, 'attempt', attemptId] as const,
  mine: () => [...challengeKeys.all, 'mine'] as const,
};
