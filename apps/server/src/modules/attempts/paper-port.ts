import type { QuestionLanguage } from '@abhyas/contracts';

/**
 * What the attempt engine needs of a paper to start a timed attempt on it: its settings and, per
 * section, the questions this candidate gets (already drawn). The module that owns the paper (mock
 * tests, contests through their paper) fills it in; the engine knows nothing else of it.
 */
export type PaperForAttempt = {
  id: string;
  title: string;
  /** The languages the paper is offered in, its first the default a candidate reads it in. */
  languages: QuestionLanguage[];
  durationMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  attemptsAllowed: number | null;
  markedAnsweredCounts: boolean;
  graceSeconds: number;
  sections: { id: string; title: string; marks: number; negativeMarks: number; timeLimitMinutes: number | null; questionIds: string[] }[];
};

/**
 * A paper as the engine shows it beside an attempt, read when it is shown: editors and contests
 * change these after the attempt starts. Times are epoch milliseconds.
 */
export type PaperFacts = {
  slug: string;
  title: string;
  /** The languages the paper is offered in, its first the default. */
  languages: QuestionLanguage[];
  /** The slug of the contest run on this paper (the latest one), if any. */
  contestSlug: string | null;
  revealMode: 'submission' | 'date';
  revealAt: number | null;
  /** A contest's end recorded on its paper: no key of its questions is shown before (docs/decisions/018). */
  keySealedUntil: number | null;
  /** The paper's declared cut-off score, and its sections' by section id. */
  cutOff: number | null;
  sectionCutOffs: Readonly<Record<string, number>>;
};

/** A paper whose key is not yet released at the moment asked about, as the key rule (key-access.ts) reads it. */
export type SealedPaper = {
  id: string;
  published: boolean;
  keySealedUntil: number | null;
  revealMode: 'submission' | 'date';
  revealAt: number | null;
  /** Whether any of its sections draws its questions from a blueprint. */
  blueprint: boolean;
};

/**
 * What the engine asks of the modules that own papers, handed in by src/wiring.ts (the papers module,
 * and the contests module for the contest on a paper): the engine reads no table of theirs.
 */
export type PaperPort = {
  /** The papers with these ids, in one go however many; an id with no paper is absent. */
  facts(paperIds: readonly string[]): Promise<ReadonlyMap<string, PaperFacts>>;
  /** The papers whose key is not released at `now`: sealed by a contest until its end, or shown from a date still ahead. */
  sealed(now: number): Promise<SealedPaper[]>;
  /** The questions listed in these papers' fixed sections (among `questionIds` when given), each pair once. */
  listedQuestions(paperIds: readonly string[], questionIds?: readonly string[]): Promise<{ paperId: string; questionId: string }[]>;
};
