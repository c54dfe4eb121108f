import type { Contest, ContestList } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContest, recordingPayments } from '../../../test/contest-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
const clock = testClock();
const payments = recordingPayments();

beforeAll(async () => {
  t = await buildTestApp({ clock, contestPayments: payments });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const list = async (headers: Record<string, string> = {}) => (await get('/api/contests', headers)).json<ContestList>();
const slugsOf = (contests: Contest[]) => contests.map((c) => c.slug);
const seatsOf = async (id: string) => (await t.db.selectFrom('contests').select('filled_seats').where('id', '=', id).executeTakeFirstOrThrow()).filled_seats;
const entriesOf = async (id: string) => t.db.selectFrom('contest_entries').selectAll().where('contest_id', '=', id).execute();

describe('contests: lists and one contest', () => {
  it('shows anonymous callers every upcoming contest and no live ones; drafts nowhere', async () => {
    const soon = await makeContest(t.db, { clock, title: 'Soon', startsAt: new Date(clock.now() + 2 * HOUR).toISOString() });
    const later = await makeContest(t.db, { clock, title: 'Later', startsAt: new Date(clock.now() + 5 * HOUR).toISOString(), priceAmount: 149_900, totalSeats: 80 });
    const draft = await makeContest(t.db, { clock, title: 'Draft one', published: false });
    const anonymous = await list();
    expect(slugsOf(anonymous.upcoming)).toEqual(expect.arrayContaining([soon.slug, later.slug]));
    expect(slugsOf(anonymous.upcoming)).not.toContain(draft.slug);
    expect(anonymous.upcoming.findIndex((c) => c.slug === soon.slug)).toBeLessThan(anonymous.upcoming.findIndex((c) => c.slug === later.slug));
    expect(anonymous.live).toEqual([]);
    const card = anonymous.upcoming.find((c) => c.slug === later.slug)!;
    expect(card).toMatchObject({
      price: '₹1,499',
      priceAmount: 149_900,
      isFree: false,
      totalSeats: 80,
      filledSeats: 0,
      users: { count: 0, names: [] },
      firstPrize: 1000,
      questionCount: 3,
      status: 'upcoming',
      registration: { open: true, reason: null },
      entry: null,
    });
    expect(card.joinedAt).toBeUndefined();
    expect((await get(`/api/contests/${soon.slug}`)).json().data).toMatchObject({ id: soon.id, price: 'Free', isFree: true });
    expect((await get(`/api/contests/${soon.id}`)).json().data.slug).toBe(soon.slug);
    // A draft is not found by candidates, only by editors.
    expect((await get(`/api/contests/${draft.slug}`)).statusCode).toBe(404);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    expect((await get(`/api/contests/${draft.slug}`, editor.auth)).json().data.status).toBe('draft');
    const unknown = await get('/api/contests/no-such-contest');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Contest not found' });
  });

  it('moves a joined contest from upcoming to live with joinedAt, and shows the participant', async () => {
    const contest = await makeContest(t.db, { clock, title: 'Join me' });
    const priya = await signedInUser(t.app, t.db, { name: 'Priya Raman' });
    const before = await list(priya.auth);
    expect(slugsOf(before.upcoming)).toContain(contest.slug);
    expect(slugsOf(before.live)).not.toContain(contest.slug);

    const joined = await post(`/api/contests/${contest.id}/join`, priya.auth);
    expect(joined.statusCode).toBe(200);
    const body = joined.json();
    expect(body.payment).toBeNull();
    expect(body.data).toMatchObject({ id: contest.id, filledSeats: 1, users: { count: 1, names: ['Priya'] }, entry: { status: 'confirmed', holdExpiresAt: null, attemptId: null } });
    expect(body.data.joinedAt).toBe(new Date(clock.now()).toISOString());
    expect(body.data.registration).toEqual({ open: false, reason: 'Already joined' });

    const after = await list(priya.auth);
    expect(slugsOf(after.upcoming)).not.toContain(contest.slug);
    expect(after.live.find((c) => c.slug === contest.slug)).toMatchObject({ joinedAt: body.data.joinedAt, filledSeats: 1 });
    // Others still see it as upcoming, with one seat taken and no joinedAt of theirs.
    const other = await signedInUser(t.app, t.db);
    const theirs = (await list(other.auth)).upcoming.find((c) => c.slug === contest.slug)!;
    expect(theirs).toMatchObject({ filledSeats: 1, users: { count: 1, names: ['Priya'] }, entry: null });
    expect(theirs.joinedAt).toBeUndefined();
    expect((await list()).upcoming.find((c) => c.slug === contest.slug)?.filledSeats).toBe(1);
  });
});

describe('contests: refused joins write nothing', () => {
  it('asks anonymous callers to sign in and answers 404 for an unknown or draft contest', async () => {
    const contest = await makeContest(t.db, { clock });
    expect((await post(`/api/contests/${contest.id}/join`)).statusCode).toBe(401);
    const user = await signedInUser(t.app, t.db);
    expect((await post('/api/contests/not-a-contest/join', user.auth)).statusCode).toBe(404);
    const draft = await makeContest(t.db, { clock, published: false });
    expect((await post(`/api/contests/${draft.id}/join`, user.auth)).statusCode).toBe(404);
    expect(await entriesOf(contest.id)).toEqual([]);
    expect(await entriesOf(draft.id)).toEqual([]);
    expect(await seatsOf(contest.id)).toBe(0);
  });

  it('refuses a full contest, a second join, a started contest and a cancelled one with their reasons', async () => {
    const contest = await makeContest(t.db, { clock, totalSeats: 1 });
    const first = await signedInUser(t.app, t.db);
    const second = await signedInUser(t.app, t.db);
    expect((await post(`/api/contests/${contest.id}/join`, first.auth)).statusCode).toBe(200);

    const again = await post(`/api/contests/${contest.id}/join`, first.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_JOINED', message: 'Already joined' });
    const full = await post(`/api/contests/${contest.id}/join`, second.auth);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CONTEST_FULL', message: 'Contest is full' });
    expect((await get(`/api/contests/${contest.id}`, second.auth)).json().data.registration).toEqual({ open: false, reason: 'Contest is full' });
    expect(await seatsOf(contest.id)).toBe(1);
    expect(await entriesOf(contest.id)).toHaveLength(1);

    const started = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + MINUTE).toISOString() });
    clock.advance(2 * MINUTE);
    try {
      const late = await post(`/api/contests/${started.id}/join`, second.auth);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('REGISTRATION_CLOSED');
      // No moment in a fixed zone: the page shows the start in the reader's own.
      expect(late.json().message).toBe('Registration closed when the contest started');
      expect(await entriesOf(started.id)).toEqual([]);
      expect(await seatsOf(started.id)).toBe(0);
    } finally {
      clock.advance(-2 * MINUTE);
    }
  });

  it('refuses a paid contest with PAID_ENTRY_OFF when paid entry is off, writing nothing', async () => {
    const off = await buildTestApp({ clock, env: { CONTESTS_PAID_ENTRY: 'off' }, contestPayments: recordingPayments() });
    try {
      const paid = await makeContest(off.db, { clock, priceAmount: 99_900 });
      const free = await makeContest(off.db, { clock });
      const user = await signedInUser(off.app, off.db);
      const res = await off.app.inject({ method: 'POST', url: `/api/contests/${paid.id}/join`, headers: user.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PAID_ENTRY_OFF');
      expect(res.json().message).toMatch(/^Paid entry is not offered on this site/);
      const card = (await off.app.inject({ method: 'GET', url: '/api/contests' })).json<ContestList>().upcoming.find((c) => c.id === paid.id)!;
      expect(card.registration).toEqual({ open: false, reason: 'Paid entry is not offered on this site' });
      expect(await off.db.selectFrom('contest_entries').selectAll().execute()).toEqual([]);
      expect((await off.db.selectFrom('contests').select('filled_seats').where('id', '=', paid.id).executeTakeFirstOrThrow()).filled_seats).toBe(0);
      // Free contests stay open.
      expect((await off.app.inject({ method: 'POST', url: `/api/contests/${free.id}/join`, headers: user.auth })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('limits joins per candidate, not per address', async () => {
    const limited = await buildTestApp({ clock, env: { CONTESTS_JOINS_PER_MINUTE: '3' } });
    try {
      const contests = await Promise.all([1, 2, 3, 4].map(() => makeContest(limited.db, { clock })));
      const eager = await signedInUser(limited.app, limited.db);
      const calm = await signedInUser(limited.app, limited.db);
      const answers = [];
      for (const c of contests) answers.push((await limited.app.inject({ method: 'POST', url: `/api/contests/${c.id}/join`, headers: eager.auth })).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
      expect((await limited.db.selectFrom('contest_entries').select('id').where('contest_id', '=', contests[3]!.id).execute())).toEqual([]);
      // Another candidate from the same address is not held back.
      expect((await limited.app.inject({ method: 'POST', url: `/api/contests/${contests[3]!.id}/join`, headers: calm.auth })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers hostile ids and bodies with a 4xx in the one error shape', async () => {
    const user = await signedInUser(t.app, t.db);
    for (const url of ['/api/contests/%00/join', `/api/contests/${'x'.repeat(300)}/join`, "/api/contests/'%20or%201=1--/join"]) {
      const res = await post(url, user.auth, { seats: 1000 });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json()).toHaveProperty('code');
    }
    const contest = await makeContest(t.db, { clock });
    const bad = await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/attempt`, headers: { ...user.auth, 'x-device-id': 'a b c' } });
    expect(bad.statusCode).toBe(400);
    expect(await entriesOf(contest.id)).toEqual([]);
  });
});

describe('contests: paid entry', () => {
  it('holds a seat while payment is pending, answers the order again on a second join, and releases the hold when the provider fails', async () => {
    const contest = await makeContest(t.db, { clock, priceAmount: 79_900, totalSeats: 2 });
    const user = await signedInUser(t.app, t.db);
    const res = await post(`/api/contests/${contest.id}/join`, user.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.entry).toMatchObject({ status: 'pending', holdExpiresAt: new Date(clock.now() + 15 * MINUTE).toISOString() });
    expect(body.data.joinedAt).toBeUndefined();
    expect(body.data.filledSeats).toBe(1);
    expect(body.payment).toMatchObject({ provider: 'test', amount: 79_900, currency: 'INR' });
    const entry = (await entriesOf(contest.id))[0]!;
    expect(payments.calls.openOrder.at(-1)).toMatchObject({ contestId: contest.id, entryId: entry.id, userId: user.user.id, amount: 79_900, currency: 'INR', contestSlug: contest.slug });
    // A pending entry stays in upcoming, showing its hold.
    expect((await list(user.auth)).upcoming.find((c) => c.id === contest.id)?.entry?.status).toBe('pending');

    const again = await post(`/api/contests/${contest.id}/join`, user.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.id).toBe(body.payment.id);
    expect(await seatsOf(contest.id)).toBe(1);
    expect(await entriesOf(contest.id)).toHaveLength(1);

    payments.fail = true;
    try {
      const other = await signedInUser(t.app, t.db);
      const failed = await post(`/api/contests/${contest.id}/join`, other.auth);
      expect(failed.statusCode).toBe(502);
      expect(await seatsOf(contest.id)).toBe(1);
      expect((await entriesOf(contest.id)).find((e) => e.user_id === other.user.id)?.status).toBe('released');
    } finally {
      payments.fail = false;
    }
  });
});

describe('contests: playing', () => {
  it('lets only joined candidates start, from the start to the end, and keeps one attempt per entry', async () => {
    const contest = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + 10 * MINUTE).toISOString(), durationMinutes: 20 });
    const player = await signedInUser(t.app, t.db);
    const outsider = await signedInUser(t.app, t.db);
    expect((await post(`/api/contests/${contest.id}/join`, player.auth)).statusCode).toBe(200);

    expect((await post(`/api/contests/${contest.id}/attempt`)).statusCode).toBe(401);
    expect((await post('/api/contests/no-such-contest/attempt', player.auth)).statusCode).toBe(404);
    const early = await post(`/api/contests/${contest.id}/attempt`, player.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONTEST_NOT_OPEN' });
    expect(early.json().message).toBe('The contest has not started yet');

    clock.advance(11 * MINUTE);
    try {
      const refused = await post(`/api/contests/${contest.id}/attempt`, outsider.auth);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'NOT_JOINED', message: 'Join the contest to take part' });

      // Entered in the language the site is read in: a paper offered in English alone opens in English.
      expect((await post(`/api/contests/${contest.id}/attempt`, player.auth, { language: 'fr' })).statusCode).toBe(400);
      const started = await post(`/api/contests/${contest.id}/attempt`, player.auth, { language: 'hi' });
      expect(started.statusCode).toBe(201);
      const attempt = started.json().data;
      expect(attempt).toMatchObject({ test: { languages: ['en'] }, view: { language: 'en', questions: {} } });
      // The paper is 30 minutes long but the contest ends in 19: the attempt ends with the contest.
      expect(attempt.endsAt).toBe(new Date(Date.parse(contest.startsAt) + 20 * MINUTE).toISOString());
      expect((await entriesOf(contest.id))[0]!.attempt_id).toBe(attempt.id);
      const again = await post(`/api/contests/${contest.id}/attempt`, player.auth);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.id).toBe(attempt.id);
      expect((await get(`/api/contests/${contest.id}`, player.auth)).json().data).toMatchObject({ status: 'running', entry: { attemptId: attempt.id } });
      // The contest's paper is not a mock test anyone can start.
      expect((await get('/api/tests')).json().data.map((x: { id: string }) => x.id)).not.toContain(contest.testId);
    } finally {
      clock.advance(-11 * MINUTE);
    }
  });

  it('refuses a late start after the end', async () => {
    const contest = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + MINUTE).toISOString(), durationMinutes: 5 });
    const player = await signedInUser(t.app, t.db);
    await post(`/api/contests/${contest.id}/join`, player.auth);
    clock.advance(10 * MINUTE);
    try {
      const late = await post(`/api/contests/${contest.id}/attempt`, player.auth);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ATTEMPT_CLOSED');
      expect((await list(player.auth)).past.map((c) => c.id)).toContain(contest.id);
    } finally {
      clock.advance(-10 * MINUTE);
    }
  });
});
