import type { QuestionLanguage } from '@abhyas/contracts';
import { conflict } from '../../lib/errors.js';
import { questionStatuses } from '../questions/question-reads.service.js';
import { drawSections, fromStored } from './bank-draw.js';
import { loadSections, type TestsDeps } from './papers.deps.js';
import { parseLanguages } from './papers.dto.js';
import { findPublishedTestBySlug, findTestById } from './papers.repo.js';
import type { TestRow } from './papers.table.js';

/*
 * A test as the attempt engine gets it: settings and the questions one seed draws, for a candidate's
 * mock test, a contest's paper or an editor's preview; and when its answers may be shown.
 */

/** What the attempt engine needs of a test: its settings and, per section, the questions one candidate gets. */
export type TestForAttempt = {
  id: string;
  slug: string;
  title: string;
  /** The languages the test is offered in, its first the default. */
  languages: QuestionLanguage[];
  durationMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  attemptsAllowed: number | null;
  markedAnsweredCounts: boolean;
  revealMode: 'submission' | 'date';
  /** Epoch milliseconds. */
  revealAt: number | null;
  graceSeconds: number;
  sections: { id: string; title: string; marks: number; negativeMarks: number; timeLimitMinutes: number | null; questionIds: string[] }[];
};

/**
 * The questions a test's blueprint must not draw now, asked of the attempt engine's key rule: those
 * whose key another contest or test still withholds (docs/decisions/018).
 */
export type KeptBack = (testId: string) => Promise<ReadonlySet<string>>;

async function forAttempt(deps: TestsDeps, row: TestRow, seed: string, keptBack?: KeptBack): Promise<TestForAttempt> {
  const stored = await loadSections(deps, row.id);
  // A question unpublished after the test was saved is not served: candidates see published questions only.
  const statuses = await questionStatuses(deps, stored.flatMap((s) => s.questionIds));
  const shapes = fromStored(stored).map((s) => ({ ...s, questionIds: s.questionIds.filter((id) => statuses.get(id) === 'published') }));
  const languages = parseLanguages(row.languages);
  const drawn = await drawSections(deps, shapes, languages, seed, keptBack && shapes.some((s) => s.rules.length > 0) ? await keptBack(row.id) : undefined);
  if (!drawn.ok) throw conflict(`This test cannot be started now: ${drawn.detail.message}`);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    languages,
    durationMinutes: row.duration_minutes,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    attemptsAllowed: row.attempts_allowed,
    markedAnsweredCounts: row.marked_answered_counts === 1,
    revealMode: row.reveal_mode,
    revealAt: row.reveal_at,
    graceSeconds: row.grace_seconds,
    sections: stored.map((s, i) => ({ id: s.id, title: s.title, marks: s.marks, negativeMarks: s.negative_marks, timeLimitMinutes: s.time_limit_minutes, questionIds: drawn.questionIds[i]! })),
  };
}

/**
 * A published test with the questions one candidate gets: blueprint sections drawn from the seed
 * (the same seed, the same draw while the bank is unchanged), fixed sections as listed. Null when no
 * published test has the slug; 409 when the bank can no longer fill a blueprint.
 */
export async function testForAttempt(deps: TestsDeps, slug: string, seed: string, keptBack?: KeptBack): Promise<TestForAttempt | null> {
  const row = await findPublishedTestBySlug(deps.db, slug);
  return row ? forAttempt(deps, row, seed, keptBack) : null;
}

/** A contest's paper, by id, whatever its status: contests run tests that are never listed on their own. */
export async function testForContest(deps: TestsDeps, id: string, seed: string, keptBack?: KeptBack): Promise<TestForAttempt | null> {
  const row = await findTestById(deps.db, id);
  return row ? forAttempt(deps, row, seed, keptBack) : null;
}

/** As testForAttempt, for editors: any status, by id. */
export async function testForPreview(deps: TestsDeps, id: string, seed: string): Promise<TestForAttempt | null> {
  const row = await findTestById(deps.db, id);
  return row ? forAttempt(deps, row, seed) : null;
}

/** When a test's answers and explanations may be shown; null for a test that does not exist. */
export async function testRevealInfo(deps: TestsDeps, testId: string): Promise<{ revealMode: 'submission' | 'date'; revealAt: number | null } | null> {
  const row = await findTestById(deps.db, testId);
  return row ? { revealMode: row.reveal_mode, revealAt: row.reveal_at } : null;
}
