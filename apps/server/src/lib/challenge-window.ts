/**
 * When candidates may challenge the answer key of a paper they sat (docs/PRODUCT.md §8.10), the one
 * rule the challenges and the results both ask:
 * - a contest's paper: from the contest's end for the challenge window (24 hours unless configured);
 *   its results are provisional until the window closes, and the contest is made final then;
 * - a mock test: once the candidate's own key may be shown (at submission, or from the test's reveal
 *   date), with no end;
 * - a practice session: never (a problem is reported instead).
 */
/** The challenge window when none is configured: 24 hours. */
export const DEFAULT_CHALLENGE_WINDOW_MS = 24 * 3_600_000;

export type ChallengeWindowFacts = {
  /** The attempt's submission, or null while it is open. */
  submittedAt: number | null;
  /** The end of the contest run on the paper, or null for a mock test. */
  contestEndsAt: number | null;
  /** A mock test's reveal date, or null when the key is shown at submission. */
  revealAt: number | null;
  practice: boolean;
};

export type WindowState = { open: boolean; closesAt: number | null; reason: string | null };

export function challengeWindow(facts: ChallengeWindowFacts, now: number, windowMs: number): WindowState {
  if (facts.practice) return { open: false, closesAt: null, reason: 'Practice answers are not challenged: report a problem with the question instead' };
  if (facts.submittedAt === null) return { open: false, closesAt: null, reason: 'Challenges open once the attempt is submitted' };
  if (facts.contestEndsAt !== null) {
    const closesAt = facts.contestEndsAt + windowMs;
    if (now < facts.contestEndsAt) return { open: false, closesAt, reason: 'Challenges open when the contest ends' };
    if (now >= closesAt) return { open: false, closesAt, reason: 'The challenge window has closed: the answer key is final' };
    return { open: true, closesAt, reason: null };
  }
  if (facts.revealAt !== null && now < facts.revealAt) return { open: false, closesAt: null, reason: 'Challenges open when the answer key is shown' };
  return { open: true, closesAt: null, reason: null };
}

/** A contest's results are provisional until its challenge window closes. */
export const resultsProvisional = (contestEndsAt: number | null, now: number, windowMs: number): boolean => contestEndsAt !== null && now < contestEndsAt + windowMs;
