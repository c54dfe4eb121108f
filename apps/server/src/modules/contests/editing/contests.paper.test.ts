import type { AdminContest } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../../test/attempt-factories.js';
import { makeContest, makePaper } from '../../../../test/contest-factories.js';
import { signedInUser } from '../../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../../test/helpers.js';
import { useTestForContest } from '../../papers/papers.service.js';
import { finalizeEndedContests } from '../finalize/finalize.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SEEN = 'Candidates have already attempted this test: a contest needs a paper nobody has seen';

let t: TestApp;
let editor: Record<string, string>;
const clock = testClock();

beforeAll(async () => {
  // The app's own sweeper and finalizer are kept out of the way: these tests run them at chosen moments.
  t = await buildTestApp({ clock, env: { CONTESTS_SWEEP_INTERVAL: '1d' } });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const slugOf = async (testId: string) => (await t.db.selectFrom('tests').select('slug').where('id', '=', testId).executeTakeFirstOrThrow()).slug;
const startMock = async (testId: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/tests/${await slugOf(testId)}/attempts`, headers: auth });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: string; startedAt: string } }>().data;
};
const input = (testId: string) => ({
  title: 'Paper check',
  icon: 'maths',
  level: 'Beginner',
  description: '',
  testId,
  startsAt: new Date(clock.now() + 24 * HOUR).toISOString(),
  durationMinutes: 20,
  totalSeats: 5,
  priceAmount: 0,
  prizes: [],
  freezeMinutes: null,
  published: true,
});

describe('contests: a paper nobody has seen', () => {
  it('refuses a test candidates have attempted as a new contest’s paper or a changed one, on the paper field', async () => {
    const seen = await makePaper(t.db);
    const { auth } = await signedInUser(t.app, t.db);
    await startMock(seen, auth);

    const created = await t.app.inject({ method: 'POST', url: '/api/admin/contests', headers: editor, payload: input(seen) });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: SEEN, details: [{ field: 'testId', message: SEEN }] });
    // Still a mock test, listed for candidates.
    expect((await t.db.selectFrom('tests').select('kind').where('id', '=', seen).executeTakeFirstOrThrow()).kind).toBe('mock');

    const fresh = await t.app.inject({ method: 'POST', url: '/api/admin/contests', headers: editor, payload: input(await makePaper(t.db)) });
    expect(fresh.statusCode).toBe(201);
    const contest = fresh.json<{ data: AdminContest }>().data;
    const changed = await t.app.inject({ method: 'PUT', url: `/api/admin/contests/${contest.id}`, headers: editor, payload: { ...input(seen), startsAt: contest.startsAt } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().details).toEqual([{ field: 'testId', message: SEEN }]);
  });

  it('never takes an attempt begun before the contest for the contest’s: it is closed and the contest’s own begins', async () => {
    const contest = await makeContest(t.db, { clock, startsAt: new Date(clock.now() + HOUR).toISOString(), durationMinutes: 20 });
    const { user, auth } = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers: auth })).statusCode).toBe(200);
    // An attempt at the paper from before it was a contest's (the paper is a mock test for a moment),
    // started five minutes before the contest and meant to run 30 minutes, past the contest's end.
    const deps = { db: t.db, clock };
    clock.advance(55 * MINUTE);
    await useTestForContest(deps, contest.testId, false);
    const stray = await startMock(contest.testId, auth);
    // Another candidate's, who never enters: it must not hold the results up.
    const bystander = await signedInUser(t.app, t.db);
    const other = await startMock(contest.testId, bystander.auth);
    await useTestForContest(deps, contest.testId, true);

    clock.advance(5 * MINUTE);
    const res = await t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/attempt`, headers: auth });
    expect(res.statusCode).toBe(201);
    const attempt = res.json<{ data: { id: string; startedAt: string; endsAt: string } }>().data;
    expect(attempt.id).not.toBe(stray.id);
    expect(Date.parse(attempt.startedAt)).toBeGreaterThanOrEqual(Date.parse(contest.startsAt));
    expect(attempt.endsAt).toBe(contest.endsAt);
    const states = await t.db.selectFrom('attempts').select(['id', 'status', 'submitted_by']).where('id', 'in', [stray.id, other.id]).execute();
    expect(states).toEqual(expect.arrayContaining([{ id: stray.id, status: 'submitted', submitted_by: 'server' }, { id: other.id, status: 'open', submitted_by: null }]));
    const entry = await t.db.selectFrom('contest_entries').select('attempt_id').where('contest_id', '=', contest.id).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(entry.attempt_id).toBe(attempt.id);

    // Past the end, the contest's attempt submitted: the bystander's attempt, still open and
    // ending after the contest, does not hold the final results.
    clock.advance(10 * MINUTE);
    expect((await t.app.inject({ method: 'POST', url: `/api/attempts/${attempt.id}/submit`, headers: auth })).statusCode).toBe(200);
    const due = testClock(Date.parse(contest.endsAt) + MINUTE);
    expect(await finalizeEndedContests({ db: t.db, clock: due })).toBeGreaterThanOrEqual(1);
    const final = await t.db.selectFrom('contests').select('finalized_at').where('id', '=', contest.id).executeTakeFirstOrThrow();
    expect(final.finalized_at).not.toBeNull();
  });
});

describe('contests: what candidates have seen of a paper', () => {
  const check = (query: string, headers: Record<string, string> = editor) => t.app.inject({ method: 'GET', url: `/api/admin/contests/paper${query}`, headers });

  it('is for editors, and asks for a test that exists', async () => {
    expect((await check('?testId=x', {})).statusCode).toBe(401);
    expect((await check('?testId=x', (await signedInUser(t.app, t.db)).auth)).statusCode).toBe(403);
    const missing = await check('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Choose the test the contest runs');
    expect((await check(`?testId=${'x'.repeat(65)}`)).statusCode).toBe(400);
    expect((await check('?testId=no-such-test')).statusCode).toBe(404);
  });

  it('counts the paper’s questions met in other tests’ attempts, not in its own, and says whether it was attempted', async () => {
    const ids = (await makeQuestions(t.db, 4)).map((q) => q.id);
    const paper = (await makeTest(t.db, { durationMinutes: 30, sections: [{ questionIds: ids }] })).id;
    expect((await check(`?testId=${paper}`)).json()).toEqual({ data: { testId: paper, attempted: false, questions: 4, seenElsewhere: 0 } });

    // Two of its questions are in another test a candidate has started.
    const other = (await makeTest(t.db, { durationMinutes: 30, sections: [{ questionIds: ids.slice(0, 2) }] })).id;
    const { auth } = await signedInUser(t.app, t.db);
    await startMock(other, auth);
    expect((await check(`?testId=${paper}`)).json().data).toEqual({ testId: paper, attempted: false, questions: 4, seenElsewhere: 2 });

    // An attempt at the test itself is no other test's, but it can no longer be a paper.
    await startMock(paper, auth);
    expect((await check(`?testId=${paper}`)).json().data).toEqual({ testId: paper, attempted: true, questions: 4, seenElsewhere: 2 });
  });
});
