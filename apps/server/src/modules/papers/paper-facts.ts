import type { Db } from '../../db/index.js';
import type { PaperFacts, SealedPaper } from '../attempts/attempts.service.js';
import { parseLanguages } from './papers.dto.js';
import { listedQuestionRows, sealedTestRows, sectionCutOffRows, testFactRows } from './papers.repo.js';

/*
 * The papers module's side of the attempt engine's paper port (src/wiring.ts builds the port): what
 * the engine shows of a test beside its attempts, and what the key rule asks of sealed tests.
 */

const epoch = (value: number | string | null) => (value === null ? null : Number(value));

/** These tests as the engine shows them, by id; the contest on a paper is the contests module's to add. */
export async function paperFacts(deps: { db: Db }, ids: readonly string[]): Promise<Map<string, Omit<PaperFacts, 'contestSlug'>>> {
  const [rows, sections] = ids.length === 0 ? [[], []] : await Promise.all([testFactRows(deps.db, ids), sectionCutOffRows(deps.db, ids)]);
  const cutOffs = new Map<string, Record<string, number>>();
  for (const s of sections) if (s.cut_off !== null) cutOffs.set(s.test_id, { ...cutOffs.get(s.test_id), [s.id]: Number(s.cut_off) });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        slug: r.slug,
        title: r.title,
        languages: parseLanguages(r.languages),
        revealMode: r.reveal_mode,
        revealAt: epoch(r.reveal_at),
        keySealedUntil: epoch(r.key_sealed_until),
        cutOff: r.cut_off === null ? null : Number(r.cut_off),
        sectionCutOffs: cutOffs.get(r.id) ?? {},
      },
    ]),
  );
}

/** Tests whose key is not released at `now` (docs/decisions/018). */
export async function sealedPapers(deps: { db: Db }, now: number): Promise<SealedPaper[]> {
  return (await sealedTestRows(deps.db, now)).map((r) => ({
    id: r.id,
    published: r.status === 'published',
    keySealedUntil: epoch(r.key_sealed_until),
    revealMode: r.reveal_mode,
    revealAt: epoch(r.reveal_at),
    blueprint: Boolean(r.blueprint),
  }));
}

/** The questions listed in these tests' fixed sections (among `questionIds` when given). */
export async function listedPaperQuestions(deps: { db: Db }, testIds: readonly string[], questionIds?: readonly string[]): Promise<{ paperId: string; questionId: string }[]> {
  return (await listedQuestionRows(deps.db, testIds, questionIds)).map((r) => ({ paperId: r.test_id, questionId: r.question_id }));
}
