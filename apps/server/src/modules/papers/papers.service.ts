import type { AdminTest, AdminTestPage, ErrorDetail, TestDeleteOutcome, TestDetail, TestInputParsed, TestSummary, adminTestListQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/index.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { searchTerms } from '../../db/search.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { renderField } from '../../lib/markdown/markdown.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { insertWithSlug, updateWithSlug } from '../../lib/slugs.js';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.js';
import { publishedQuestionIds, questionStatuses } from '../questions/questions.service.js';
import { drawRules, type DrawRule } from './draw.js';
import { testAuditObject, testAuditView, toAdminTest, toRule, toTestDetail, toTestSummary } from './papers.dto.js';
import {
  attemptCounts,
  deleteTestRow,
  findPublishedTestBySlug,
  findTestById,
  findTestIdBySlug,
  insertTest,
  listPublishedTestRows,
  listTestRows,
  replaceSections,
  sectionIdsOf,
  sectionsOf,
  setTestStatus,
  takenTestSlugs,
  updateTestRow,
  type NewSection,
  type SectionWithContent,
  setKeySealedUntil,
  extendKeySealedUntil,
  setTestKind,
} from './papers.repo.js';
import type { TestRow, TestsTable } from './papers.table.js';

// The papers module's side of the attempt engine's paper port, built in src/wiring.ts.
export { listedPaperQuestions, paperFacts, sealedPapers } from './paper-facts.js';

export type TestsDeps = { db: Db; clock: Clock };
type AdminTestListQuery = z.output<typeof adminTestListQuerySchema>;

/** What the attempt engine needs of a test: its settings and, per section, the questions one candidate gets. */
export type TestForAttempt = {
  id: string;
  slug: string;
  title: string;
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

/** For a signed-in candidate's view of a test: attempts started so far and the open one. */
export type AttemptsSummary = (userId: string, testId: string) => Promise<{ count: number; openAttemptId: string | null }>;

const testNotFound = () => notFound('Test not found');

/** A section as the rules below read it, whether it comes from an editor's input or from the database. */
type SectionShape = { title: string; questionIds: string[]; rules: { category?: string | undefined; topic?: string | undefined; difficulty?: 'easy' | 'medium' | 'hard' | undefined; count: number }[] };

const fromStored = (sections: SectionWithContent[]): SectionShape[] => sections.map((s) => ({ title: s.title, questionIds: s.questionIds, rules: s.rules.map(toRule) }));

function describeRule(sections: SectionShape[], ref: { section: number; rule: number }): string {
  const section = sections[ref.section]!;
  const rule = section.rules[ref.rule]!;
  const filters = [rule.category && `category ${rule.category}`, rule.topic && `topic ${rule.topic}`, rule.difficulty].filter(Boolean).join(', ');
  return `section ${ref.section + 1} “${section.title}”, rule ${ref.rule + 1} (${filters || 'any published question'})`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Drawn = { ok: true; questionIds: string[][] } | { ok: false; detail: ErrorDetail };

/**
 * Every section's questions for one candidate: fixed lists as they stand, blueprint rules drawn from
 * the published questions matching them, deterministically from the seed, never a question twice in
 * the test (a question on a fixed list is never drawn).
 */
async function drawSections(deps: TestsDeps, sections: SectionShape[], seed: string, keptBack: ReadonlySet<string> = new Set()): Promise<Drawn> {
  const listed = sections.flatMap((s) => s.questionIds);
  // A question on a fixed list, or kept back, is never drawn.
  const fixed = new Set([...listed, ...keptBack]);
  const refs: { section: number; rule: number }[] = [];
  const rules: DrawRule[] = [];
  const pools = new Map<string, Promise<string[]>>();
  for (const [si, s] of sections.entries()) {
    for (const [ri, r] of s.rules.entries()) {
      const key = JSON.stringify([r.category ?? null, r.topic ?? null, r.difficulty ?? null]);
      if (!pools.has(key)) pools.set(key, publishedQuestionIds(deps, { category: r.category, topic: r.topic, difficulty: r.difficulty }));
      refs.push({ section: si, rule: ri });
      rules.push({ count: r.count, pool: (await pools.get(key)!).filter((id) => !fixed.has(id)) });
    }
  }
  const result = drawRules(rules, seededRandom(seed));
  if (!result.ok) {
    const { shortfall } = result;
    const first = refs[shortfall.rules[0]!]!;
    const outside = listed.length > 0 ? ' outside the fixed lists' : '';
    const kept = keptBack.size > 0 ? ', leaving out those of contests and tests whose answers are not shown yet' : '';
    const message =
      shortfall.rules.length === 1
        ? `The blueprint of ${describeRule(sections, first)} needs ${plural(shortfall.need, 'question')}; the bank has ${plural(shortfall.have, 'published question')} matching it${outside}${kept}`
        : `The blueprint rules ${shortfall.rules.map((i) => describeRule(sections, refs[i]!)).join('; ')} need ${plural(shortfall.need, 'question')} together; the bank has ${plural(shortfall.have, 'published question')} matching them${outside}${kept}`;
    return { ok: false, detail: { field: `sections.${first.section}.rules.${first.rule}.count`, message } };
  }
  const out = sections.map((s) => [...s.questionIds]);
  refs.forEach((ref, i) => out[ref.section]!.push(...result.drawn[i]!));
  return { ok: true, questionIds: out };
}

/** What the bank must hold for these sections: every fixed question, published (not a draft, not archived); every blueprint, fillable. */
async function checkAgainstBank(deps: TestsDeps, sections: SectionShape[]): Promise<void> {
  const details: ErrorDetail[] = [];
  const statuses = await questionStatuses(deps, sections.flatMap((s) => s.questionIds));
  for (const [i, s] of sections.entries()) {
    const missing = s.questionIds.filter((id) => !statuses.has(id));
    const drafts = s.questionIds.filter((id) => statuses.get(id) === 'draft');
    const archived = s.questionIds.filter((id) => statuses.get(id) === 'archived');
    if (missing.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `No question in the bank has the id ${listIds(missing)}` });
    if (drafts.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `Publish these questions first, they are drafts: ${listIds(drafts)}` });
    if (archived.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `These questions are archived: take them out or restore them: ${listIds(archived)}` });
  }
  const drawn = await drawSections(deps, sections, 'check');
  if (!drawn.ok) details.push(drawn.detail);
  if (details.length > 0) throw validationFailed(details);
}

const listIds = (ids: string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', '));

function testColumns(input: TestInputParsed) {
  return {
    title: input.title,
    description: input.description,
    instructions: input.instructions,
    instructions_html: renderField('instructions', input.instructions),
    exam: input.exam || null,
    duration_minutes: input.durationMinutes,
    shuffle_questions: input.shuffleQuestions ? 1 : 0,
    shuffle_options: input.shuffleOptions ? 1 : 0,
    attempts_allowed: input.attemptsAllowed,
    marked_answered_counts: input.markedAnsweredCounts ? 1 : 0,
    reveal_mode: input.revealMode,
    reveal_at: input.revealMode === 'date' && input.revealAt ? Date.parse(input.revealAt) : null,
    grace_seconds: input.graceSeconds,
    cut_off: input.cutOff,
  } satisfies Partial<TestsTable>;
}

/** The section rows of a test; a section keeps its id while its position stands, so attempts and statistics keep naming it. */
function sectionRows(testId: string, input: TestInputParsed, existingIds: string[]): NewSection[] {
  return input.sections.map((s, position) => {
    const id = existingIds[position] ?? newId();
    return {
      section: { id, test_id: testId, position, title: s.title, marks: s.marks, negative_marks: s.negativeMarks, time_limit_minutes: s.timeLimitMinutes, cut_off: s.cutOff },
      questions: s.questionIds.map((question_id, p) => ({ section_id: id, position: p, question_id })),
      rules: s.rules.map((r, p) => ({ section_id: id, position: p, category_path: r.category || null, topic_slug: r.topic || null, difficulty: r.difficulty ?? null, count: r.count })),
    };
  });
}

async function loadSections(deps: { db: Executor }, testId: string): Promise<SectionWithContent[]> {
  return (await sectionsOf(deps.db, [testId])).get(testId) ?? [];
}

/** A test as it stands, read on `db` (a transaction's own, inside one), with its view for the audit trail. */
async function auditedTest(db: Executor, id: string) {
  const row = await findTestById(db, id);
  return row ? { row, view: testAuditView(row, await loadSections({ db }, id)) } : undefined;
}

/** The id of the test with this slug, whatever its status. */
export async function testIdBySlug(deps: TestsDeps, slug: string): Promise<string | undefined> {
  return findTestIdBySlug(deps.db, slug);
}

export async function getAdminTest(deps: TestsDeps, id: string): Promise<AdminTest> {
  const row = await findTestById(deps.db, id);
  if (!row) throw testNotFound();
  const [sections, counts] = await Promise.all([loadSections(deps, id), attemptCounts(deps.db, [id])]);
  return toAdminTest(row, sections, counts.get(id)?.submitted ?? 0);
}

export async function listAdminTests(deps: TestsDeps, query: AdminTestListQuery): Promise<AdminTestPage> {
  const { rows, total } = await listTestRows(deps.db, {
    terms: searchTerms(query.search),
    ...(query.status ? { status: query.status } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const ids = rows.map((r) => r.id);
  const [sections, counts] = await Promise.all([sectionsOf(deps.db, ids), attemptCounts(deps.db, ids)]);
  return { data: rows.map((r) => toAdminTest(r, sections.get(r.id) ?? [], counts.get(r.id)?.submitted ?? 0)), total, page: query.page, pageSize: query.pageSize };
}

/** Creates a draft test with its sections, after checking its questions against the bank. */
export async function createTest(deps: TestsDeps, actor: AuditActor, input: TestInputParsed, authorId: string | null): Promise<AdminTest> {
  await checkAgainstBank(deps, input.sections);
  const now = deps.clock.now();
  const columns = testColumns(input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertWithSlug('test', input.slug, input.title, {
      taken: (candidates) => takenTestSlugs(trx, candidates),
      insert: async (slug) => {
        const test = await insertTest(trx, { id: newId(), slug, ...columns, status: 'draft', author_id: authorId, created_at: now, updated_at: now, published_at: null });
        if (test) await replaceSections(trx, test.id, sectionRows(test.id, input, []));
        return test;
      },
    });
    const created = (await auditedTest(trx, inserted.id))!;
    await recordAudit(trx, deps.clock, actor, { kind: 'test.created', object: testAuditObject(created.row), after: created.view });
    return inserted;
  });
  return getAdminTest(deps, row.id);
}

/**
 * Replaces a test's settings and sections. Attempts already started keep the sections they began
 * with; a slug left out keeps the current one.
 */
export async function updateTest(deps: TestsDeps, actor: AuditActor, id: string, input: TestInputParsed): Promise<AdminTest> {
  if (!(await findTestById(deps.db, id))) throw testNotFound();
  await checkAgainstBank(deps, input.sections);
  const row = await updateWithSlug('test', input.slug, () =>
    deps.db.transaction().execute(async (trx): Promise<TestRow | undefined> => {
      const before = await auditedTest(trx, id);
      if (!before) return undefined;
      const existing = await sectionIdsOf(trx, id);
      const updated = await updateTestRow(trx, id, { ...testColumns(input), ...(input.slug ? { slug: input.slug } : {}), updated_at: deps.clock.now() });
      if (!updated) return undefined;
      await replaceSections(trx, id, sectionRows(id, input, existing));
      const after = (await auditedTest(trx, id))!;
      await recordAudit(trx, deps.clock, actor, { kind: 'test.updated', object: testAuditObject(updated), ...changedFields(before.view, after.view) });
      return updated;
    }),
  );
  if (!row) throw testNotFound();
  return getAdminTest(deps, id);
}

/** Sets a test's status, recording the change in the audit trail when there is one; 404 for no test. */
async function moveTest(deps: TestsDeps, actor: AuditActor, id: string, status: TestRow['status']): Promise<AdminTest> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    const row = await findTestById(trx, id);
    if (!row || !(await setTestStatus(trx, id, status, deps.clock.now()))) return false;
    if (row.status !== status) {
      await recordAudit(trx, deps.clock, actor, { kind: status === 'published' ? 'test.published' : 'test.unpublished', object: testAuditObject(row), before: { status: row.status }, after: { status } });
    }
    return true;
  });
  if (!moved) throw testNotFound();
  return getAdminTest(deps, id);
}

/** Publishes a test once the bank still holds what it needs (questions may have changed since it was saved). */
export async function publishTest(deps: TestsDeps, actor: AuditActor, id: string): Promise<AdminTest> {
  if (!(await findTestById(deps.db, id))) throw testNotFound();
  await checkAgainstBank(deps, fromStored(await loadSections(deps, id)));
  return moveTest(deps, actor, id, 'published');
}

export async function unpublishTest(deps: TestsDeps, actor: AuditActor, id: string): Promise<AdminTest> {
  return moveTest(deps, actor, id, 'draft');
}

/**
 * Deletes a test nobody has attempted. One candidates have attempted is archived instead: out of
 * every list and closed to new attempts, its attempts, results, ranks and history kept as they are
 * (no attempt row goes with its test: the database refuses that delete). Publishing or unpublishing
 * an archived test brings it back.
 */
export async function deleteTest(deps: TestsDeps, actor: AuditActor, id: string): Promise<TestDeleteOutcome> {
  const row = await findTestById(deps.db, id);
  if (!row) throw testNotFound();
  if (row.kind === 'contest') throw conflict('A contest runs this test: delete or move the contest first');
  const counts = (await attemptCounts(deps.db, [id])).get(id);
  const archive = (counts?.open ?? 0) + (counts?.submitted ?? 0) > 0;
  const remove = async (): Promise<TestDeleteOutcome | null> =>
    deps.db.transaction().execute(async (trx) => {
      const before = await auditedTest(trx, id);
      if (!before) return null;
      if (archive) {
        if (before.row.status !== 'archived') {
          await setTestStatus(trx, id, 'archived', deps.clock.now());
          await recordAudit(trx, deps.clock, actor, { kind: 'test.archived', object: testAuditObject(before.row), before: { status: before.row.status }, after: { status: 'archived' } });
        }
        return 'archived';
      }
      if (!(await deleteTestRow(trx, id))) return null;
      await recordAudit(trx, deps.clock, actor, { kind: 'test.deleted', object: testAuditObject(before.row), before: before.view });
      return 'deleted';
    });
  let outcome: TestDeleteOutcome | null;
  try {
    outcome = await remove();
  } catch (err) {
    // An attempt begun since the count: the database kept the test; archive it.
    if (archive || !isForeignKeyViolation(err)) throw err;
    return deleteTest(deps, actor, id);
  }
  if (!outcome) throw testNotFound();
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Candidates

export async function publishedTests(deps: TestsDeps, exam?: string): Promise<TestSummary[]> {
  const rows = await listPublishedTestRows(deps.db, exam);
  const sections = await sectionsOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => toTestSummary(r, sections.get(r.id) ?? []));
}

/** A published test's instructions page; `myAttempts` only for a signed-in candidate when attempts are known. */
export async function publishedTestDetail(deps: TestsDeps, slug: string, viewer?: { userId: string; attemptsSummary: AttemptsSummary }): Promise<TestDetail> {
  const row = await findPublishedTestBySlug(deps.db, slug);
  if (!row) throw testNotFound();
  const [sections, mine] = await Promise.all([loadSections(deps, row.id), viewer ? viewer.attemptsSummary(viewer.userId, row.id) : null]);
  return toTestDetail(row, sections, mine);
}

// ---------------------------------------------------------------------------------------------
// The attempt engine

async function forAttempt(deps: TestsDeps, row: TestRow, seed: string, keptBack?: KeptBack): Promise<TestForAttempt> {
  const stored = await loadSections(deps, row.id);
  // A question unpublished after the test was saved is not served: candidates see published questions only.
  const statuses = await questionStatuses(deps, stored.flatMap((s) => s.questionIds));
  const shapes = fromStored(stored).map((s) => ({ ...s, questionIds: s.questionIds.filter((id) => statuses.get(id) === 'published') }));
  const drawn = await drawSections(deps, shapes, seed, keptBack && shapes.some((s) => s.rules.length > 0) ? await keptBack(row.id) : undefined);
  if (!drawn.ok) throw conflict(`This test cannot be started now: ${drawn.detail.message}`);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
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

/**
 * Keeps a contest paper's key sealed until `until` at least: while an entrant with compensatory time
 * still writes past the contest's end (docs/PRODUCT.md §8.11), nobody is shown the key.
 */
export async function keepTestKeySealed(deps: TestsDeps, id: string, until: number): Promise<void> {
  await extendKeySealedUntil(deps.db, id, until);
}

/** A test's title, question count, duration and key seal, for a contest's card; null for an unknown test. */
export async function testOutline(
  deps: TestsDeps,
  id: string,
): Promise<{ id: string; title: string; questionCount: number; durationMinutes: number; keySealedUntil: number | null } | null> {
  const row = await findTestById(deps.db, id);
  if (!row) return null;
  const sections = await loadSections(deps, id);
  const questionCount = sections.reduce((n, s) => n + (s.rules.length > 0 ? s.rules.reduce((m, r) => m + r.count, 0) : s.questionIds.length), 0);
  return { id: row.id, title: row.title, questionCount, durationMinutes: row.duration_minutes, keySealedUntil: row.key_sealed_until === null ? null : Number(row.key_sealed_until) };
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
