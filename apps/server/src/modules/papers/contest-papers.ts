import { loadSections, type TestsDeps } from './papers.deps.js';
import { findTestById, setKeySealedUntil, setTestKind } from './papers.repo.js';

/* What contests set and read of the test they run: its kind, its key's seal, its outline on a card. */

/**
 * Makes a test a contest's paper (hidden from the mock-test list and from starting on its own) or a
 * mock test again; false for an unknown test.
 */
export async function useTestForContest(deps: TestsDeps, id: string, forContest: boolean): Promise<boolean> {
  return setTestKind(deps.db, id, forContest ? 'contest' : 'mock');
}

/**
 * Seals a test's answer key until `until` (a contest's end; the moment of a cancellation), or lifts
 * the seal (null) when no contest runs the test any more. Until then no key of its questions is shown,
 * to anyone, by any path (docs/decisions/018); false for an unknown test.
 */
export async function sealTestKey(deps: TestsDeps, id: string, until: number | null): Promise<boolean> {
  return setKeySealedUntil(deps.db, id, until);
}

/** A test's title and question count, for a contest's card; null for an unknown test. */
export async function testOutline(deps: TestsDeps, id: string): Promise<{ id: string; title: string; questionCount: number; durationMinutes: number } | null> {
  const row = await findTestById(deps.db, id);
  if (!row) return null;
  const sections = await loadSections(deps, id);
  const questionCount = sections.reduce((n, s) => n + (s.rules.length > 0 ? s.rules.reduce((m, r) => m + r.count, 0) : s.questionIds.length), 0);
  return { id: row.id, title: row.title, questionCount, durationMinutes: row.duration_minutes };
}
