import type { AdminContest } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestForm, makeContest, makePaper, recordingPayments } from '../../../../test/contest-factories.js';
import { signedInUser } from '../../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../../test/helpers.js';
import { startSmtpServer, type SmtpTestServer } from '../../../../test/smtp-server.js';
import { entryFulfilment, releaseExpiredHolds } from '../contests.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let smtp: SmtpTestServer;
let editor: Record<string, string>;
const clock = testClock();
const payments = recordingPayments();

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The app's own sweeper is kept out of the way: these tests run the hold release themselves, at chosen moments.
  t = await buildTestApp({ clock, contestPayments: payments, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://abhyas.example', CONTESTS_SWEEP_INTERVAL: '1d' } });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = editor) =>
  t.app.inject({ method, url: `/api/admin/contests${url}`, headers, ...(payload ? { payload } : {}) });
const join = (id: string, auth: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/contests/${id}/join`, headers: auth });
const inHours = (h: number) => new Date(clock.now() + h * HOUR).toISOString();
const input = (testId: string, over: object = {}) => contestForm(testId, inHours(24), over);
const core = () => ({ db: t.db, clock });
const kindOf = async (testId: string) => (await t.db.selectFrom('tests').select('kind').where('id', '=', testId).executeTakeFirstOrThrow()).kind;
const seatsOf = async (id: string) => (await t.db.selectFrom('contests').select('filled_seats').where('id', '=', id).executeTakeFirstOrThrow()).filled_seats;

describe('contests: editors', () => {
  it('creates a draft on a contest paper, publishes it, finds it and lists it', async () => {
    const paper = await makePaper(t.db);
    const created = await call('POST', '', input(paper));
    expect(created.statusCode).toBe(201);
    const contest = created.json<{ data: AdminContest }>().data;
    expect(contest).toMatchObject({ slug: 'weekend-quant-sprint', status: 'draft', published: false, firstPrize: 1500, testId: paper, questionCount: 3, entries: { confirmed: 0, pending: 0 }, freezeMinutes: 5 });
    expect(contest.testTitle).toMatch(/^Mock test/);
    expect(contest.endsAt).toBe(new Date(Date.parse(contest.startsAt) + 20 * MINUTE).toISOString());
    expect(await kindOf(paper)).toBe('contest');
    expect((await t.app.inject({ method: 'GET', url: '/api/contests' })).json().upcoming.map((c: { id: string }) => c.id)).not.toContain(contest.id);

    const published = await call('PUT', `/${contest.id}`, input(paper, { published: true }));
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'upcoming', published: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/contests' })).json().upcoming.map((c: { id: string }) => c.id)).toContain(contest.id);

    expect((await call('GET', `/${contest.id}`)).json().data.id).toBe(contest.id);
    const page = (await call('GET', '?q=quant%20sprint&pageSize=5')).json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(page.data[0].id).toBe(contest.id);
    expect((await call('GET', '?q=nothing-like-this')).json().total).toBe(0);
    // A second contest on the same paper is refused while the first is not cancelled.
    const twice = await call('POST', '', input(paper, { title: 'Copy' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('already runs this test');
    // Candidates may not reach the editors' API.
    const candidate = await signedInUser(t.app, t.db);
    expect((await call('GET', '', undefined, candidate.auth)).statusCode).toBe(403);
  });

  it('refuses bad input: an unknown test, a start in the past, a freeze as long as the contest, hostile text', async () => {
    const paper = await makePaper(t.db);
    const unknown = await call('POST', '', input('no-such-test'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'testId', message: 'No test has this id' }]);
    const past = await call('POST', '', input(paper, { startsAt: inHours(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('startsAt');
    expect((await call('POST', '', input(paper, { freezeMinutes: 20 }))).statusCode).toBe(400);
    expect((await call('POST', '', input(paper, { title: 'Bad\u0000title' }))).statusCode).toBe(400);
    expect((await call('POST', '', input(paper, { totalSeats: -5 }))).statusCode).toBe(400);
    expect((await call('POST', '', { ...input(paper), filledSeats: 0 })).statusCode).toBe(400);
    expect(await t.db.selectFrom('contests').selectAll().where('test_id', '=', paper).execute()).toEqual([]);
  });

  it('keeps seats at or above those taken, the schedule until the start, the test while nobody entered', async () => {
    const contest = await makeContest(t.db, { clock, totalSeats: 3, startsAt: inHours(2) });
    const a = await signedInUser(t.app, t.db);
    const b = await signedInUser(t.app, t.db);
    await join(contest.id, a.auth);
    await join(contest.id, b.auth);
    const base = input(contest.testId, { title: contest.title, slug: contest.slug, startsAt: contest.startsAt, durationMinutes: 30, freezeMinutes: null, published: true });

    const fewer = await call('PUT', `/${contest.id}`, { ...base, totalSeats: 1 });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json().message).toBe('2 seats are taken: the contest cannot have fewer seats than that');
    expect((await call('PUT', `/${contest.id}`, { ...base, totalSeats: 2 })).json().data).toMatchObject({ totalSeats: 2, filledSeats: 2, registration: { open: false, reason: 'Contest is full' } });

    const otherPaper = await makePaper(t.db);
    const moved = await call('PUT', `/${contest.id}`, { ...base, totalSeats: 2, testId: otherPaper });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('its test can no longer change');
    expect((await call('PUT', `/${contest.id}`, { ...base, totalSeats: 2, startsAt: inHours(3) })).json().data.startsAt).toBe(inHours(3));

    clock.advance(3 * HOUR + MINUTE);
    try {
      const running = await call('PUT', `/${contest.id}`, { ...base, totalSeats: 2, startsAt: inHours(1) });
      expect(running.statusCode).toBe(409);
      expect(running.json().message).toBe('The schedule can change only before the contest starts');
    } finally {
      clock.advance(-(3 * HOUR + MINUTE));
    }

    // A draft nobody entered may take another test; its old paper becomes a mock test again.
    const draft = await makeContest(t.db, { clock, published: false });
    const moved2 = await call('PUT', `/${draft.id}`, input(otherPaper, { title: draft.title, published: false }));
    expect(moved2.statusCode).toBe(200);
    expect(await kindOf(otherPaper)).toBe('contest');
    expect(await kindOf(draft.testId)).toBe('mock');
  });

  it('publishes a draft only while its start is ahead', async () => {
    const draft = await makeContest(t.db, { clock, published: false, startsAt: inHours(1) });
    const body = input(draft.testId, { title: draft.title, startsAt: draft.startsAt, freezeMinutes: null, published: true });
    clock.advance(2 * HOUR);
    try {
      const late = await call('PUT', `/${draft.id}`, body);
      expect(late.statusCode).toBe(400);
      expect(late.json().details).toEqual([{ field: 'startsAt', message: 'The start must be in the future' }]);
      expect((await call('GET', `/${draft.id}`)).json().data.status).toBe('draft');
    } finally {
      clock.advance(-2 * HOUR);
    }
    expect((await call('PUT', `/${draft.id}`, body)).json().data.status).toBe('upcoming');
  });

  it('deletes only a draft nobody entered', async () => {
    const draft = await makeContest(t.db, { clock, published: false });
    const published = await makeContest(t.db, { clock });
    expect((await call('DELETE', `/${published.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/${draft.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${draft.id}`)).statusCode).toBe(404);
    expect(await kindOf(draft.testId)).toBe('mock');
    expect((await call('DELETE', `/${draft.id}`)).statusCode).toBe(404);
  });

  it('cancels a paid contest: every paid entry refunded, every entrant told, seats as they were', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 99_900, totalSeats: 5, title: 'Paid to cancel' });
    const confirmed = await signedInUser(t.app, t.db, { name: 'Asha Verma' });
    const pending = await signedInUser(t.app, t.db, { name: 'Ravi Kumar' });
    await join(contest.id, confirmed.auth);
    await join(contest.id, pending.auth);
    const paidEntry = await t.db.selectFrom('contest_entries').select('id').where('user_id', '=', confirmed.user.id).executeTakeFirstOrThrow();
    // The first candidate's payment lands.
    const outcome = await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: paidEntry.id, orderId: 'o1', now: clock.now() }));
    expect(outcome).toBe('confirmed');
    const mailsBefore = smtp.mails.length;

    const res = await call('POST', `/${contest.id}/cancel`, { reason: 'The question setter fell ill' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', filledSeats: 2, registration: { open: false, reason: 'This contest was cancelled: The question setter fell ill' } });
    await t.jobs.drain();
    expect(payments.calls.refundEntry.map((c) => c.note)).toEqual(['The contest “Paid to cancel” was cancelled: The question setter fell ill', 'The contest “Paid to cancel” was cancelled: The question setter fell ill']);
    await smtp.waitForMail(mailsBefore + 2);
    const told = smtp.mails.slice(mailsBefore);
    expect(told.map((m) => m.to[0]).sort()).toEqual([confirmed.user.email, pending.user.email].sort());
    expect(told[0]!.subject).toBe('Contest cancelled: Paid to cancel');
    expect(told.find((m) => m.to[0] === confirmed.user.email)!.text).toContain('Your entry fee is being refunded');
    expect(told.find((m) => m.to[0] === confirmed.user.email)!.text).toContain(`https://abhyas.example/contests/${contest.slug}`);
    expect(await seatsOf(contest.id)).toBe(2);

    // A payment landing after the cancellation for the pending entry is refunded, not confirmed.
    const late = await t.db.selectFrom('contest_entries').select('id').where('user_id', '=', pending.user.id).executeTakeFirstOrThrow();
    expect(await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: late.id, orderId: 'o2', now: clock.now() }))).toBe('refund');
    // Joins and changes are refused; a second cancel too.
    const refused = await join(contest.id, (await signedInUser(t.app, t.db)).auth);
    expect(refused.json()).toMatchObject({ code: 'REGISTRATION_CLOSED', message: 'This contest was cancelled: The question setter fell ill' });
    expect((await call('POST', `/${contest.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect((await call('POST', `/${contest.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    // Its paper may now run another contest.
    expect((await call('POST', '', input(contest.testId, { title: 'Second try' }))).statusCode).toBe(201);
  });

  it("tells each entrant of a cancelled contest in their own language", async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 99_900, totalSeats: 5, title: 'रविवार मॉक' });
    const hindi = await signedInUser(t.app, t.db, { name: 'Meera', preferred_language: 'hi' });
    const english = await signedInUser(t.app, t.db, { name: 'Asha' });
    for (const entrant of [hindi, english]) {
      await join(contest.id, entrant.auth);
      const entry = await t.db.selectFrom('contest_entries').select('id').where('user_id', '=', entrant.user.id).executeTakeFirstOrThrow();
      await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: entry.id, orderId: `o-${entrant.user.id}`, now: clock.now() }));
    }
    const mailsBefore = smtp.mails.length;
    expect((await call('POST', `/${contest.id}/cancel`, { reason: 'प्रश्नपत्र लीक हो गया' })).statusCode).toBe(200);
    await t.jobs.drain();
    await smtp.waitForMail(mailsBefore + 2);
    const told = smtp.mails.slice(mailsBefore);
    const toHindi = told.find((m) => m.to[0] === hindi.user.email)!;
    expect(toHindi.subject).toBe('प्रतियोगिता रद्द: रविवार मॉक');
    expect(toHindi.text).toContain('नमस्ते Meera,');
    expect(toHindi.text).toContain('कारण: प्रश्नपत्र लीक हो गया');
    expect(toHindi.text).toContain('आपका प्रवेश शुल्क उसी खाते में वापस किया जा रहा है');
    expect(toHindi.text).toContain(`प्रतियोगिता का पेज: https://abhyas.example/contests/${contest.slug}`);
    expect(toHindi.text).not.toMatch(/Hello|cancelled|refunded/);
    const toEnglish = told.find((m) => m.to[0] === english.user.email)!;
    expect(toEnglish.subject).toBe('Contest cancelled: रविवार मॉक');
    expect(toEnglish.text).toContain('The reason: प्रश्नपत्र लीक हो गया');
  });
});

describe('contests: held seats and landed payments', () => {
  it('releases each expired hold exactly once, across processes, and gives its seat back', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 49_900, totalSeats: 10 });
    const users = await Promise.all([1, 2, 3].map(() => signedInUser(t.app, t.db)));
    for (const u of users) expect((await join(contest.id, u.auth)).statusCode).toBe(200);
    expect(await seatsOf(contest.id)).toBe(3);
    // Nothing has expired yet.
    expect(await releaseExpiredHolds(core())).toBe(0);

    clock.advance(16 * MINUTE);
    try {
      // Four sweepers at once; on PostgreSQL two of them as another process would run them, on their own pool.
      // (better-sqlite3 blocks its thread while it waits for a lock, so a second SQLite connection
      // in this same process would wait on the first forever: processes there are tested in server-process tests.)
      const other = t.dbHandle.dialect === 'postgres' ? t.dbHandle.openAnother() : null;
      const dbs = [t.db, t.db, other?.db ?? t.db, other?.db ?? t.db];
      const released = await Promise.all(dbs.map((db) => releaseExpiredHolds({ db, clock })));
      await other?.close();
      expect(released.reduce((a, b) => a + b, 0)).toBe(3);
      expect(await seatsOf(contest.id)).toBe(0);
      expect(new Set((await t.db.selectFrom('contest_entries').select('status').where('contest_id', '=', contest.id).execute()).map((e) => e.status))).toEqual(new Set(['released']));
      expect(await releaseExpiredHolds(core())).toBe(0);

      // A payment that lands after the hold ended takes a seat again while one is free.
      const entry = await t.db.selectFrom('contest_entries').select('id').where('user_id', '=', users[0]!.user.id).executeTakeFirstOrThrow();
      expect(await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: entry.id, orderId: 'x', now: clock.now() }))).toBe('confirmed');
      expect(await seatsOf(contest.id)).toBe(1);
      // The same payment confirmed again changes nothing.
      expect(await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: entry.id, orderId: 'x', now: clock.now() }))).toBe('confirmed');
      expect(await seatsOf(contest.id)).toBe(1);
      // The candidate whose hold ended may join again, taking up the same entry row.
      expect((await join(contest.id, users[1]!.auth)).json().data.entry.status).toBe('pending');
      expect(await t.db.selectFrom('contest_entries').select('id').where('contest_id', '=', contest.id).execute()).toHaveLength(3);
    } finally {
      clock.advance(-16 * MINUTE);
    }
  });

  it('refunds a late payment when the contest filled up meanwhile', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 49_900, totalSeats: 1 });
    const late = await signedInUser(t.app, t.db);
    await join(contest.id, late.auth);
    clock.advance(16 * MINUTE);
    try {
      await releaseExpiredHolds(core());
      // Someone else takes the freed seat; then the late payment lands.
      const quick = await signedInUser(t.app, t.db);
      expect((await join(contest.id, quick.auth)).statusCode).toBe(200);
      const entry = await t.db.selectFrom('contest_entries').select('id').where('user_id', '=', late.user.id).executeTakeFirstOrThrow();
      expect(await t.db.transaction().execute((trx) => entryFulfilment(core()).confirm(trx, { entryId: entry.id, orderId: 'y', now: clock.now() }))).toBe('refund');
      expect(await seatsOf(contest.id)).toBe(1);
    } finally {
      clock.advance(-16 * MINUTE);
    }
  });

  it('is done by the server on its own, every sweep interval', async () => {
    const own = testClock();
    const server = await buildTestApp({ clock: own, contestPayments: recordingPayments(), env: { CONTESTS_SWEEP_INTERVAL: '100ms' } });
    try {
      const contest = await makeContest(server.db, { clock: own, priceAmount: 49_900 });
      const user = await signedInUser(server.app, server.db);
      expect((await server.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: user.auth })).statusCode).toBe(200);
      const status = async () => (await server.db.selectFrom('contest_entries').select('status').where('contest_id', '=', contest.id).executeTakeFirstOrThrow()).status;
      await new Promise((r) => setTimeout(r, 300));
      expect(await status()).toBe('pending');
      own.advance(16 * MINUTE);
      const deadline = Date.now() + 5_000;
      while ((await status()) !== 'released' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('released');
      expect((await server.db.selectFrom('contests').select('filled_seats').where('id', '=', contest.id).executeTakeFirstOrThrow()).filled_seats).toBe(0);
    } finally {
      await server.close();
    }
  });
});
