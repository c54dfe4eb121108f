import type { AdminTest, AdminTestPage, TestDeleteOutcome, TestInputParsed, adminTestListQuerySchema } from '@abhyas/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/index.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { searchTerms } from '../../db/search.js';
import { conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { renderField } from '../../lib/markdown/markdown.js';
import { insertWithSlug, updateWithSlug } from '../../lib/slugs.js';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.js';
import { checkAgainstBank, fromStored } from './bank-draw.js';
import { parseLanguages, testAuditObject, testAuditView, toAdminTest } from './papers.dto.js';
import { loadSections, testNotFound, type TestsDeps } from './papers.deps.js';
import {
  attemptCounts,
  deleteTestRow,
  findTestById,
  findTestIdBySlug,
  insertTest,
  listTestRows,
  replaceSections,
  sectionIdsOf,
  sectionsOf,
  setTestStatus,
  takenTestSlugs,
  updateTestRow,
  type NewSection,
} from './papers.repo.js';
import type { TestRow, TestsTable } from './papers.table.js';

/*
 * The editors' mock tests: the list, one test, creating and saving one (its questions checked against
 * the bank), publishing and unpublishing, and deleting, which archives a test candidates have attempted.
 */

type AdminTestListQuery = z.output<typeof adminTestListQuerySchema>;

function testColumns(input: TestInputParsed) {
  return {
    title: input.title,
    description: input.description,
    instructions: input.instructions,
    instructions_html: renderField('instructions', input.instructions),
    exam: input.exam || null,
    languages: JSON.stringify(input.languages),
    duration_minutes: input.durationMinutes,
    shuffle_questions: input.shuffleQuestions ? 1 : 0,
    shuffle_options: input.shuffleOptions ? 1 : 0,
    attempts_allowed: input.attemptsAllowed,
    marked_answered_counts: input.markedAnsweredCounts ? 1 : 0,
    reveal_mode: input.revealMode,
    reveal_at: input.revealMode === 'date' && input.revealAt ? Date.parse(input.revealAt) : null,
    grace_seconds: input.graceSeconds,
    cut_off: input.cutOff,
  } satisfies Updateable<TestsTable>;
}

/** The section rows of a test; a section keeps its id while its position stands, so attempts and statistics keep naming it. */
function sectionRows(testId: string, input: TestInputParsed, existingIds: string[]): NewSection[] {
  return input.sections.map((s, position) => {
    const id = existingIds[position] ?? newId();
    return {
      section: { id, test_id: testId, position, title: s.title, marks: s.marks, negative_marks: s.negativeMarks, time_limit_minutes: s.timeLimitMinutes, cut_off: s.cutOff, language: s.language },
      questions: s.questionIds.map((question_id, p) => ({ section_id: id, position: p, question_id })),
      rules: s.rules.map((r, p) => ({ section_id: id, position: p, category_path: r.category || null, topic_slug: r.topic || null, difficulty: r.difficulty ?? null, count: r.count })),
    };
  });
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
  await checkAgainstBank(deps, input.sections, input.languages);
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
  await checkAgainstBank(deps, input.sections, input.languages);
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
  const row = await findTestById(deps.db, id);
  if (!row) throw testNotFound();
  await checkAgainstBank(deps, fromStored(await loadSections(deps, id)), parseLanguages(row.languages));
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
