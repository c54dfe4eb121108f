import type { AdminContest } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRecord, auditCount, auditRecords, refuseAuditRecords } from '../../../../test/audit-trail.js';
import { contestForm, makeContest, makePaper, recordingPayments } from '../../../../test/contest-factories.js';
import { PASSWORD, signedInUser } from '../../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../../test/helpers.js';
import { finalizeEndedContests } from '../contests.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let editor: Awaited<ReturnType<typeof signedInUser>>;
let admin: Record<string, string>;
const clock = testClock();
const payments = recordingPayments();

beforeAll(async () => {
  // The app's own sweeper and finalizer are kept out of the way: the finalization below runs at a chosen moment.
  t = await buildTestApp({ clock, contestPayments: payments, env: { CONTESTS_SWEEP_INTERVAL: '1d' } });
  editor = await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Iyer', email: 'meera.iyer@example.com' });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/contests${url}`, headers: editor.auth, ...(payload ? { payload } : {}) });
const records = (query: Record<string, string>) => auditRecords(t.app, admin, query);
const byEditor = () => ({ id: editor.user.id, name: 'Meera Iyer', email: 'meera.iyer@example.com', role: 'editor' });
const paperTitle = async (testId: string) => (await t.db.selectFrom('tests').select('title').where('id', '=', testId).executeTakeFirstOrThrow()).title;
const startsAt = new Date(clock.now() + 24 * HOUR).toISOString();
const input = (testId: string, over: object = {}) =>
  contestForm(testId, startsAt, { prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 150_000 }, { fromRank: 2, toRank: 3, kind: 'certificate', description: 'Signed by the jury' }], ...over });
async function created(over: object = {}): Promise<AdminContest> {
  const res = await call('POST', '', input(await makePaper(t.db), over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminContest }>().data;
}

describe('the audit trail of contests', () => {
  it('records a contest created by an editor: title, schedule, seats, price, prizes, paper, freeze and status', async () => {
    const paper = await makePaper(t.db);
    const res = await call('POST', '', input(paper));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(await records({ objectId: id })).toEqual([
      aRecord({
        actor: byEditor(),
        kind: 'contest.created',
        object: { type: 'contest', id, label: 'Weekend Quant Sprint' },
        before: null,
        after: {
          title: 'Weekend Quant Sprint',
          startsAt,
          durationMinutes: 20,
          seats: 3,
          price: 'Free',
          prizes: ['Rank 1: cash ₹1,500', 'Ranks 2–3: certificate (Signed by the jury)'],
          paper: await paperTitle(paper),
          freezeMinutes: 5,
          status: 'draft',
        },
        requestId: res.headers['x-request-id'],
      }),
    ]);
  });

  it('records an edit with only the fields it changed, the paper by its title', async () => {
    const contest = await created({ title: 'Editable' });
    const other = await makePaper(t.db);
    const res = await call('PUT', `/${contest.id}`, input(other, { title: 'Editable', totalSeats: 50, priceAmount: 4_900, freezeMinutes: null, published: true }));
    expect(res.statusCode).toBe(200);
    const [edit] = await records({ objectId: contest.id, kind: 'contest.updated' });
    expect(edit).toEqual(aRecord({
      actor: byEditor(),
      kind: 'contest.updated',
      object: { type: 'contest', id: contest.id, label: 'Editable' },
      before: { seats: 3, price: 'Free', paper: contest.testTitle, freezeMinutes: 5, status: 'draft' },
      after: { seats: 50, price: '₹49', paper: await paperTitle(other), freezeMinutes: null, status: 'published' },
      requestId: res.headers['x-request-id'],
    }));
  });

  it('records a cancellation with its reason, and hands the canceller to the refunds', async () => {
    const contest = await created({ title: 'Called off', priceAmount: 9_900, published: true });
    const entrant = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: entrant.auth })).statusCode).toBe(200);
    const entry = await t.db.selectFrom('contest_entries').select('id').where('contest_id', '=', contest.id).executeTakeFirstOrThrow();

    const res = await call('POST', `/${contest.id}/cancel`, { reason: 'The venue flooded' });
    expect(res.statusCode).toBe(200);
    expect((await records({ objectId: contest.id, kind: 'contest.cancelled' }))[0]).toMatchObject({
      actor: byEditor(),
      object: { type: 'contest', id: contest.id, label: 'Called off' },
      before: { status: 'published' },
      after: { status: 'cancelled', cancelReason: 'The venue flooded' },
      requestId: res.headers['x-request-id'],
    });
    await t.jobs.drain();
    expect(payments.calls.refundEntry.find((c) => c.entryId === entry.id)).toMatchObject({ actor: { ...byEditor(), requestId: res.headers['x-request-id'] } });
  });

  it('records deleting a draft with what it was', async () => {
    const contest = await created({ title: 'Never run' });
    const res = await call('DELETE', `/${contest.id}`);
    expect(res.statusCode).toBe(204);
    const [deletion, creation] = await records({ objectId: contest.id });
    expect(deletion).toMatchObject({ kind: 'contest.deleted', actor: byEditor(), object: { type: 'contest', id: contest.id, label: 'Never run' }, after: null, requestId: res.headers['x-request-id'] });
    expect(deletion!.before).toEqual(creation!.after);
  });

  it('records nothing for a change refused: unknown, cancelled already, a published contest deleted, a start in the past', async () => {
    const cancelled = await created({ title: 'Gone', published: true });
    expect((await call('POST', `/${cancelled.id}/cancel`, { reason: 'No paper' })).statusCode).toBe(200);
    const published = await created({ title: 'Live soon', published: true });
    const paper = await makePaper(t.db);
    const before = await auditCount(t.app, admin);
    const unknown = '0190a4c1-0000-7000-8000-000000000000';
    expect((await call('PUT', `/${unknown}`, input(published.testId))).statusCode).toBe(404);
    expect((await call('POST', `/${unknown}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${unknown}`)).statusCode).toBe(404);
    expect((await call('PUT', `/${cancelled.id}`, input(cancelled.testId, { title: 'Gone' }))).statusCode).toBe(409);
    expect((await call('POST', `/${cancelled.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await call('DELETE', `/${published.id}`)).statusCode).toBe(409);
    expect((await call('POST', '', input(paper, { startsAt: new Date(clock.now() - HOUR).toISOString() }))).statusCode).toBe(400);
    expect(await auditCount(t.app, admin)).toBe(before);
  });

  it('rolls a change back with its record: a cancellation whose record cannot be written cancels nothing and refunds nobody', async () => {
    const contest = await created({ title: 'Still on', priceAmount: 9_900, published: true });
    const entrant = await signedInUser(t.app, t.db);
    await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: entrant.auth });
    const refunds = payments.calls.refundEntry.length;
    const allow = await refuseAuditRecords(t.db, 'contest.cancelled');
    try {
      expect((await call('POST', `/${contest.id}/cancel`, { reason: 'Never mind' })).statusCode).toBe(500);
    } finally {
      await allow();
    }
    await t.jobs.drain();
    expect(payments.calls.refundEntry).toHaveLength(refunds);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/contests/${contest.id}`, headers: editor.auth })).json().data).toMatchObject({ status: 'upcoming', entries: { pending: 1 } });
    expect((await records({ objectId: contest.id })).map((r) => r.kind)).toEqual(['contest.created']);
  });

  it('records a finalization as the server’s work, with how many were ranked and won a prize', async () => {
    const contest = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + HOUR).toISOString(), durationMinutes: 20, totalSeats: 5 });
    const empty = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + HOUR).toISOString(), durationMinutes: 20 });
    const candidates = [await signedInUser(t.app, t.db), await signedInUser(t.app, t.db)];
    for (const { auth } of candidates) expect((await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: auth })).statusCode).toBe(200);
    clock.advance(HOUR + MINUTE);
    for (const { auth } of candidates) {
      const attempt = await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/attempt`, headers: auth });
      expect(attempt.statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: `/api/attempts/${attempt.json().data.id}/submit`, headers: auth })).statusCode).toBe(200);
    }
    expect(await finalizeEndedContests({ db: t.db, clock: testClock(Date.parse(contest.endsAt) + MINUTE) })).toBe(2);

    expect((await records({ objectId: contest.id, kind: 'contest.finalized' }))).toEqual([
      aRecord({
        actor: null,
        kind: 'contest.finalized',
        object: { type: 'contest', id: contest.id, label: contest.title },
        before: { status: 'ended' },
        after: { status: 'final', ranked: 2, prizesAwarded: 1 },
        requestId: null,
      }),
    ]);
    expect((await records({ objectId: empty.id, kind: 'contest.finalized' }))[0]).toMatchObject({ actor: null, after: { status: 'final', ranked: 0, prizesAwarded: 0 } });
    expect(await finalizeEndedContests({ db: t.db, clock: testClock(Date.parse(contest.endsAt) + 2 * MINUTE) })).toBe(0);
    expect(await records({ objectId: contest.id, kind: 'contest.finalized' })).toHaveLength(1);
  });

  it('keeps no secret in any record', async () => {
    const trail = JSON.stringify(await records({}));
    expect(trail).toContain('contest.created');
    for (const secret of [editor.token, PASSWORD, '$argon', '$scrypt']) expect(trail).not.toContain(secret);
  });
});
