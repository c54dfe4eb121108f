/**
 * What the attempt engine needs of a paper to start a timed attempt on it: its settings and, per
 * section, the questions this candidate gets (already drawn). The module that owns the paper (mock
 * tests, contests through their paper) fills it in; the engine knows nothing else of it.
 */
export type PaperForAttempt = {
  id: string;
  title: string;
  durationMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  attemptsAllowed: number | null;
  markedAnsweredCounts: boolean;
  graceSeconds: number;
  sections: { id: string; title: string; marks: number; negativeMarks: number; timeLimitMinutes: number | null; questionIds: string[] }[];
};
