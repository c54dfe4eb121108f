import { leaderboardResponseSchema } from '@abhyas/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, createTestDb, testConfig, type TestApp } from '../../../test/helpers.js';
import { enter, makeContest, startContestAttempt, type TestContest } from '../../../test/live-factories.js';
import { getJson, openSse } from '../../../test/sse-client.js';
import { buildApp } from '../../app.js';
import { submitAttempt } from '../attempts/attempts.service.js';
import { paperPort } from '../../wiring.js';

const MIN = 60_000;
const postgres = inject('dbTemplate').dialect === 'postgres';
const redisUrl = process.env.REDIS_URL_TEST;

type App = TestApp['app'];
const urlOf = (app: App) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** A candidate in the contest, signed in on `app`, with an attempt started. */
async function candidate(app: App, db: TestApp['db'], contest: TestContest, name: string) {
  const { user, auth } = await signedInUser(app, db, { name });
  await enter(db, contest, user);
  const attemptId = await startContestAttempt({ db, clock: { now: Date.now } }, contest, user.id);
  return { user, auth, attemptId };
}

/** Answers every question with A (all right) and submits, through the API of `app`. */
async function answerAndSubmit(app: App, contest: TestContest, c: { auth: Record<string, string>; attemptId: string }) {
  for (const [i, q] of contest.questionIds.entries()) {
    const res = await app.inject({ method: 'PUT', url: `/api/attempts/${c.attemptId}/answers/${q}`, headers: c.auth, payload: { optionIds: ['A'], markedForReview: false, seq: i + 1 } });
    expect(res.statusCode).toBe(200);
  }
  const submitted = await app.inject({ method: 'POST', url: `/api/attempts/${c.attemptId}/submit`, headers: c.auth });
  expect(submitted.statusCode).toBe(200);
}

describe('the leaderboard routes', () => {
  let t: TestApp;
  let contest: TestContest;
  beforeAll(async () => {
    t = await buildTestApp();
    contest = await makeContest(t.db, { startsAt: Date.now() - MIN, durationMinutes: 30 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for an unknown contest, board and stream alike, in the one error shape', async () => {
    const board = await t.app.inject('/api/contests/no-such-contest/leaderboard');
    expect(board.statusCode).toBe(404);
    expect(board.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Contest not found' });
    const stream = await getJson(`${urlOf(t.app)}/api/contests/no-such-contest/leaderboard/stream`);
    expect(stream).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Contest not found' } });
    expect(stream.type).toMatch(/^application\/json/);
  });

  it('refuses a page past the limit, and shows the caller’s own row only to a signed-in participant', async () => {
    const tooMany = await t.app.inject(`/api/contests/${contest.id}/leaderboard?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit: Limit must be at most 100');

    const me = await candidate(t.app, t.db, contest, 'Meera Joshi');
    const anonymous = await t.app.inject(`/api/contests/${contest.id}/leaderboard`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ contestId: contest.id, me: null, status: 'running' });
    const own = await t.app.inject({ url: `/api/contests/${contest.id}/leaderboard?offset=0&limit=10`, headers: me.auth });
    expect(own.json().data.me).toMatchObject({ name: 'Meera J.', isMe: true });
    // Sent as the board's own JSON text: the documented answer, exactly.
    expect(own.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(own.body).toBe(JSON.stringify(leaderboardResponseSchema.parse(own.json())));
    // A stranger signed in has no row; a bad token is a stranger too, not a refusal.
    const stranger = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ url: `/api/contests/${contest.id}/leaderboard`, headers: stranger.auth })).json().data.me).toBeNull();
    expect((await t.app.inject({ url: `/api/contests/${contest.id}/leaderboard`, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(200);
  });

  it('streams the board on connect and again within 2 s of a submission, uncompressed, with the app’s headers, and lets go on disconnect', async () => {
    const player = await candidate(t.app, t.db, contest, 'Ravi Kumar');
    const client = await openSse(`${urlOf(t.app)}/api/contests/${contest.id}/leaderboard/stream`, { ...player.auth, 'accept-encoding': 'gzip, br' });
    try {
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(client.headers['cache-control']).toBe('no-cache, no-transform');
      expect(client.headers['x-accel-buffering']).toBe('no');
      expect(client.headers['content-encoding']).toBeUndefined();
      expect(client.headers['content-security-policy']).toContain("default-src 'self'");
      expect(client.headers['x-content-type-options']).toBe('nosniff');
      expect(client.headers['x-request-id']).toBeTruthy();

      const first = await client.next((b) => b.me !== null);
      expect(first.me).toMatchObject({ name: 'Ravi K.', state: 'playing', score: null });

      const at = Date.now();
      await answerAndSubmit(t.app, contest, player);
      const updated = await client.next((b) => b.me?.state === 'submitted', { from: client.boards.length - 1 });
      expect(Date.now() - at).toBeLessThan(2_000);
      expect(updated.me).toMatchObject({ score: 3, rank: 1, isMe: true });
      expect(updated.rows[0]).toMatchObject({ name: 'Ravi K.', score: 3, isMe: true });
    } finally {
      client.close();
    }
  });

  it('tells the candidate their rating: 401 without a sign-in, none before a rated contest', async () => {
    expect((await t.app.inject('/api/contests/rating')).statusCode).toBe(401);
    const { auth } = await signedInUser(t.app, t.db);
    const res = await t.app.inject({ url: '/api/contests/rating', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { rating: null, contests: 0, history: [] } });
  });
});

describe('results and ratings over the API', () => {
  it('finalizes an ended contest, streams the final board and ends the stream, and shows the rating with its history', async () => {
    // The app looks for contests to finalize every 100 ms, once their one-minute challenge window is over.
    const t = await buildTestApp({ env: { CONTESTS_SWEEP_INTERVAL: '100ms', CHALLENGE_WINDOW: '1m' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Ended 3 minutes ago, after 20 minutes: past the challenge window and the grace before results, once no attempt is open.
      // A draft while the fixture is set up, or it would be finalized before anyone took part.
      const contest = await makeContest(t.db, { startsAt: Date.now() - 23 * MIN, durationMinutes: 20, status: 'draft' });
      const players = [];
      for (const name of ['Anil Gupta', 'Bela Sen', 'Chirag Shah']) {
        const { user, auth } = await signedInUser(t.app, t.db, { name });
        await enter(t.db, contest, user);
        const attemptId = await startContestAttempt({ db: t.db, clock: { now: () => contest.startsAt + MIN } }, contest, user.id);
        players.push({ user, auth, attemptId });
      }
      await enter(t.db, contest, await createUser(t.db));
      await t.db.updateTable('contests').set({ status: 'published' }).where('id', '=', contest.id).execute();

      const client = await openSse(`${urlOf(t.app)}/api/contests/${contest.id}/leaderboard/stream`, players[0]!.auth);
      const ended = await client.next((b) => b.status === 'ended');
      expect(ended.me).toMatchObject({ state: 'playing' });
      // Their attempts closed (as the server's sweeper would at the end), the results follow.
      for (const p of players) await submitAttempt({ db: t.db, clock: { now: () => contest.endsAt }, papers: paperPort(t.db) }, p.attemptId, p.user.id, null);
      const final = await client.next((b) => b.status === 'final', { timeoutMs: 3_000 });
      expect(final.me).toMatchObject({ rank: 1, ratingBefore: 1500 });
      await client.ended;

      const rating = (await t.app.inject({ url: '/api/contests/rating', headers: players[0]!.auth })).json().data;
      expect(rating).toMatchObject({ contests: 1, rating: final.me!.ratingAfter });
      expect(rating.history).toEqual([
        {
          contestId: contest.id,
          slug: `contest-${contest.id}`,
          title: expect.any(String),
          endsAt: new Date(contest.endsAt).toISOString(),
          rank: 1,
          participants: 3,
          ratingBefore: 1500,
          ratingAfter: final.me!.ratingAfter,
          performance: expect.any(Number),
        },
      ]);
      // One count on every page: the three who started, not the four who entered.
      const page = (await t.app.inject({ url: `/api/contests/${contest.id}`, headers: players[0]!.auth })).json().data;
      expect(page.users.count).toBe(4);
      expect(page.entry).toMatchObject({ rank: 1, rankOf: 3 });
      const result = (await t.app.inject({ url: `/api/attempts/${players[0]!.attemptId}/result`, headers: players[0]!.auth })).json().data;
      expect(result).toMatchObject({ rank: 1, candidates: 3, provisional: false });
      // A stream opened on a final contest sends the final board and ends.
      const late = await openSse(`${urlOf(t.app)}/api/contests/${contest.id}/leaderboard/stream`);
      await late.ended;
      expect(late.boards.map((b) => b.status)).toEqual(['final']);
    } finally {
      await t.close();
    }
  });

  it('tells open streams to reconnect elsewhere and ends them when the server closes', async () => {
    const t = await buildTestApp();
    const contest = await makeContest(t.db, { startsAt: Date.now() - MIN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await openSse(`${urlOf(t.app)}/api/contests/${contest.id}/leaderboard/stream`);
    await client.next(() => true);
    const started = Date.now();
    await t.close();
    await client.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(client.others).toEqual(['reconnect']);
  });
});

describe.skipIf(!redisUrl || !postgres)('the board across two server processes through Redis (PostgreSQL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('updates a viewer on process B within 2 s of a submission on process A', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const config = testConfig();
    const apps: App[] = [];
    for (let i = 0; i < 2; i += 1) {
      const handle = i === 0 ? dbHandle : dbHandle.openAnother();
      const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
      const app = await buildApp(config, { dbHandle: handle, redis });
      await app.listen({ port: 0, host: '127.0.0.1' });
      cleanups.push(async () => {
        await app.close();
        redis.disconnect();
        if (handle !== dbHandle) await handle.close();
      });
      apps.push(app);
    }
    const [a, b] = apps as [App, App];
    const contest = await makeContest(dbHandle.db, { startsAt: Date.now() - MIN, durationMinutes: 30 });
    const player = await candidate(a, dbHandle.db, contest, 'Zoya Ali');
    const watcher = await signedInUser(b, dbHandle.db);

    const client = await openSse(`${urlOf(b)}/api/contests/${contest.id}/leaderboard/stream`, watcher.auth);
    try {
      const first = await client.next(() => true);
      expect(first.rows[0]).toMatchObject({ name: 'Zoya A.', state: 'playing' });
      expect(first.me).toBeNull();
      const at = Date.now();
      await answerAndSubmit(a, contest, player);
      const updated = await client.next((x) => x.rows[0]?.state === 'submitted', { from: client.boards.length - 1 });
      expect(Date.now() - at).toBeLessThan(2_000);
      expect(updated.rows[0]).toMatchObject({ name: 'Zoya A.', score: 3, rank: 1, isMe: false });
    } finally {
      client.close();
    }
  }, 30_000);
});
