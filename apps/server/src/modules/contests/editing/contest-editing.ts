import type { AdminContest, AdminContestPage, ContestInputParsed, adminContestListQuerySchema } from '@abhyas/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { searchTerms } from '../../../db/search.js';
import { conflict, validationFailed } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { insertWithSlug, updateWithSlug } from '../../../lib/slugs.js';
import { changedFields, recordAudit, type AuditActor } from '../../audit/audit.service.js';
import { sealTestKey, testOutline, useTestForContest } from '../../papers/papers.service.js';
import { cancellationMail } from './contest-mail.js';
import { checkPaperUnseen } from './contest-paper.js';
import { contestNotFound, viewsOf } from '../views/contest-views.js';
import type { ContestAdminDeps, ContestsDeps, Core } from '../contests.deps.js';
import { contestAuditObject, contestAuditView, contestStatus, toAdminContest } from '../contests.dto.js';
import { entrantsOf, entryCounts, releasePendingEntries } from '../contest-entries.repo.js';
import {
  cancelContestRow,
  contestRunningTest,
  deleteDraftContest,
  findContestById,
  insertContest,
  listContestRows,
  takenContestSlugs,
  updateContestRow,
} from '../contests.repo.js';
import type { ContestRow, ContestsTable } from '../contests.table.js';

type AdminContestListQuery = z.output<typeof adminContestListQuerySchema>;

async function adminViewsOf(deps: ContestsDeps, rows: ContestRow[]): Promise<AdminContest[]> {
  const [views, counts, outlines] = await Promise.all([
    viewsOf(deps, rows, null),
    entryCounts(deps.db, rows.map((r) => r.id)),
    Promise.all([...new Set(rows.map((r) => r.test_id))].map(async (id) => [id, await testOutline(deps, id)] as const)),
  ]);
  const titles = new Map(outlines.map(([id, o]) => [id, o?.title ?? '']));
  return rows.map((row) =>
    toAdminContest(row, views.get(row.id)!, {
      testTitle: titles.get(row.test_id) ?? '',
      entries: { confirmed: counts.get(row.id)?.confirmed ?? 0, pending: counts.get(row.id)?.pending ?? 0 },
    }),
  );
}

export async function getAdminContest(deps: ContestsDeps, id: string): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  return (await adminViewsOf(deps, [row]))[0]!;
}

export async function listAdminContests(deps: ContestsDeps, query: AdminContestListQuery): Promise<AdminContestPage> {
  const { rows, total } = await listContestRows(deps.db, { terms: searchTerms(query.q), offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return { data: await adminViewsOf(deps, rows), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The test a contest is to run: it must exist, run no other contest that is not cancelled, and
 * never have been attempted (docs/PRODUCT.md §8.8).
 */
async function checkPaper(deps: Core, testId: string, contestId?: string): Promise<void> {
  if (!(await testOutline(deps, testId))) throw validationFailed([{ field: 'testId', message: 'No test has this id' }]);
  const other = await contestRunningTest(deps.db, testId, contestId);
  if (other) throw conflict(`The contest “${other.title}” already runs this test: choose another test`);
  await checkPaperUnseen(deps, testId);
}

function checkTimes(input: ContestInputParsed, now: number, scheduleChanges: boolean): number {
  const startsAt = Date.parse(input.startsAt);
  const details = [];
  if (scheduleChanges && startsAt <= now) details.push({ field: 'startsAt', message: 'The start must be in the future' });
  if (input.freezeMinutes !== null && input.freezeMinutes >= input.durationMinutes) details.push({ field: 'freezeMinutes', message: 'The freeze must be shorter than the contest' });
  if (details.length > 0) throw validationFailed(details);
  return startsAt;
}

function contestColumns(input: ContestInputParsed, startsAt: number) {
  return {
    title: input.title,
    icon: input.icon,
    level: input.level,
    description: input.description,
    test_id: input.testId,
    starts_at: startsAt,
    ends_at: startsAt + input.durationMinutes * 60_000,
    duration_minutes: input.durationMinutes,
    total_seats: input.totalSeats,
    price_amount: input.priceAmount,
    prizes: JSON.stringify(input.prizes),
    freeze_minutes: input.freezeMinutes,
  } satisfies Updateable<ContestsTable>;
}

/** A contest as the audit trail records it, its paper named by the test's title, read on `deps.db`. */
async function auditView(deps: Core, row: ContestRow) {
  return contestAuditView(row, (await testOutline(deps, row.test_id))?.title ?? '');
}

/** Creates a contest (a draft, or published at once) and makes its test a contest paper, hidden from the mock tests. */
export async function createContest(deps: ContestsDeps, actor: AuditActor, input: ContestInputParsed, authorId: string | null): Promise<AdminContest> {
  const now = deps.clock.now();
  const startsAt = checkTimes(input, now, true);
  await checkPaper(deps, input.testId);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const inserted = await insertWithSlug('contest', input.slug, input.title, {
      taken: (candidates) => takenContestSlugs(trx, candidates),
      insert: (slug) =>
        insertContest(trx, {
          id: newId(),
          slug,
          ...contestColumns(input, startsAt),
          currency: 'INR',
          status: input.published ? 'published' : 'draft',
          author_id: authorId,
          created_at: now,
          updated_at: now,
        }),
    });
    await useTestForContest(inTrx, input.testId, true);
    await sealTestKey(inTrx, input.testId, Number(inserted.ends_at));
    await recordAudit(trx, deps.clock, actor, { kind: 'contest.created', object: contestAuditObject(inserted), after: await auditView(inTrx, inserted) });
    return inserted;
  });
  return getAdminContest(deps, row.id);
}

const cancelledAlready = () => conflict('This contest was cancelled: it can no longer change');
const seatsBelowTaken = (taken: number) => conflict(`${taken} ${taken === 1 ? 'seat is' : 'seats are'} taken: the contest cannot have fewer seats than that`);

/**
 * Replaces a contest's settings. Seats never go below those taken; the schedule changes only before
 * the start; the test and the price only while nobody has entered; a contest with entries is
 * cancelled rather than unpublished.
 */
export async function updateContest(deps: ContestsDeps, actor: AuditActor, id: string, input: ContestInputParsed): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  if (row.status === 'cancelled') throw cancelledAlready();
  const now = deps.clock.now();
  const startsAt = Date.parse(input.startsAt);
  const scheduleChanges = startsAt !== Number(row.starts_at) || input.durationMinutes !== row.duration_minutes;
  const status = contestStatus(row, now);
  if (scheduleChanges && status !== 'draft' && status !== 'upcoming') throw conflict('The schedule can change only before the contest starts');
  // A draft is published only with a start still ahead, so candidates can join it.
  const publishing = input.published && row.status === 'draft';
  checkTimes(input, now, scheduleChanges || publishing);
  const entered = (await entryCounts(deps.db, [id])).get(id)?.all ?? 0;
  const testChanges = input.testId !== row.test_id;
  if (testChanges) {
    if (entered > 0) throw conflict('Candidates have entered this contest: its test can no longer change');
    await checkPaper(deps, input.testId, id);
  }
  if (entered > 0 && input.priceAmount !== row.price_amount) throw conflict('Candidates have entered this contest: its price can no longer change');
  if (entered > 0 && !input.published && row.status === 'published') throw conflict('Candidates have entered this contest: cancel it instead of unpublishing it, so they are told');
  if (input.totalSeats < row.filled_seats) throw seatsBelowTaken(row.filled_seats);

  const updated = await updateWithSlug('contest', input.slug, () =>
    deps.db.transaction().execute(async (trx) => {
      const inTrx = { ...deps, db: trx };
      const before = await findContestById(trx, id);
      const next = await updateContestRow(
        trx,
        id,
        { ...contestColumns(input, startsAt), ...(input.slug ? { slug: input.slug } : {}), status: input.published ? 'published' : 'draft', updated_at: now },
        { seatsAtLeastFilled: input.totalSeats, ...(scheduleChanges || publishing ? { startsAfter: now } : {}) },
      );
      if (!before || !next) return undefined;
      if (testChanges) {
        await useTestForContest(inTrx, row.test_id, false);
        await sealTestKey(inTrx, row.test_id, null);
        await useTestForContest(inTrx, input.testId, true);
      }
      // Only a new paper or schedule moves the seal: once the contest runs, an entrant's compensatory
      // time may keep it sealed past the end, and an edit of the title or seats must not release it.
      if (testChanges || scheduleChanges) await sealTestKey(inTrx, input.testId, Number(next.ends_at));
      await recordAudit(trx, deps.clock, actor, { kind: 'contest.updated', object: contestAuditObject(next), ...changedFields(await auditView(inTrx, before), await auditView(inTrx, next)) });
      return next;
    }),
  );
  if (!updated) {
    const current = await findContestById(deps.db, id);
    if (!current) throw contestNotFound();
    if (current.status === 'cancelled') throw cancelledAlready();
    if (current.filled_seats > input.totalSeats) throw seatsBelowTaken(current.filled_seats);
    throw conflict('The contest started meanwhile: its schedule can no longer change');
  }
  return getAdminContest(deps, id);
}

/**
 * Cancels a contest that is not final: holds still pending end (their seats stay counted, so the
 * figures stay as they were), every paid entry is refunded through the provider, and every entrant
 * is told by mail, after answering.
 */
export async function cancelContest(deps: ContestAdminDeps, actor: AuditActor, id: string, reason: string): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  const now = deps.clock.now();
  const entrants = await deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const before = await findContestById(trx, id);
    if (!before || !(await cancelContestRow(trx, id, reason, now))) return null;
    const told = await entrantsOf(trx, id, ['pending', 'confirmed']);
    await releasePendingEntries(trx, id, now);
    await sealTestKey(inTrx, row.test_id, Math.min(now, Number(row.ends_at)));
    const after = { ...before, status: 'cancelled' as const, cancel_reason: reason };
    await recordAudit(trx, deps.clock, actor, { kind: 'contest.cancelled', object: contestAuditObject(before), ...changedFields(await auditView(inTrx, before), await auditView(inTrx, after)) });
    return told;
  });
  if (!entrants) throw conflict(row.status === 'cancelled' ? 'This contest is already cancelled' : 'The results of this contest are final: it can no longer be cancelled');

  const paid = row.price_amount > 0;
  const link = `${deps.publicUrl}/contests/${row.slug}`;
  for (const entrant of entrants) {
    if (paid && deps.payments) {
      const payments = deps.payments;
      deps.jobs.run('contest cancellation refund', () => payments.refundEntry({ entryId: entrant.entryId, note: `The contest “${row.title}” was cancelled: ${reason}`, actor }));
    }
    deps.jobs.run('contest cancellation mail', () => deps.mailer.send(cancellationMail({ to: entrant.email, name: entrant.name, language: entrant.language, title: row.title, reason, refunded: paid && entrant.status === 'confirmed', link })));
  }
  return getAdminContest(deps, id);
}

/** Deletes a draft nobody has entered; its test becomes a mock test again unless another contest keeps it. */
export async function deleteContest(deps: ContestsDeps, actor: AuditActor, id: string): Promise<void> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const before = await findContestById(trx, id);
    if (!before || !(await deleteDraftContest(trx, id))) return false;
    if (!(await contestRunningTest(trx, before.test_id))) {
      await useTestForContest(inTrx, before.test_id, false);
      await sealTestKey(inTrx, before.test_id, null);
    }
    await recordAudit(trx, deps.clock, actor, { kind: 'contest.deleted', object: contestAuditObject(before), before: await auditView(inTrx, before) });
    return true;
  });
  if (!deleted) {
    throw conflict(row.status === 'draft' ? 'Candidates have entered this contest: cancel it instead' : 'Only a draft can be deleted: cancel a published contest instead, so its entrants are told');
  }
}
