import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { contestOver, makeBlueprintTest, openMockAttempt, type ServedQuestion } from '../../../test/key-factories.js';

/*
 * Reviews and draws ask the one rule of who may see a key (docs/decisions/018): a contest's review
 * opens at the contest's end, another test's review waits for a contest or an attempt that shares
 * its questions, blueprint draws leave sealed questions out, and the editors' preview stays theirs.
 */

const MINUTE = 60_000;
const clock = testClock(Date.parse('2026-04-06T05:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const iso = (ms: number) => new Date(ms).toISOString();
const ids = (qs: { id: string }[]) => qs.map((q) => q.id);

describe('a contest\'s review', () => {
  it('stays shut for an early finisher until the contest ends, whatever the paper\'s reveal setting says', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const paper = ids(await makeQuestions(t.db, 3, { categoryPath: 'Keys/Contest' }));
    const { contest, endsAt } = await contestOver(t, clock, paper, { entrants: [auth], minutes: 40 });
    clock.advance(2 * MINUTE);
    const on = { ...auth, 'x-device-id': 'phone' };
    const attempt = (await call('POST', `/api/contests/${contest.id}/attempt`, on)).json().data as { id: string; questions: ServedQuestion[] };
    const q = attempt.questions[0]!;
    await call('PUT', `/api/attempts/${attempt.id}/answers/${q.questionId}`, on, { optionIds: ['A'], markedForReview: false, seq: 1 });

    const submitted = await call('POST', `/api/attempts/${attempt.id}/submit`, on);
    expect(submitted.statusCode).toBe(200);
    // While the contest runs, the early finisher's rank is provisional.
    expect(submitted.json().data).toMatchObject({ reviewAvailable: false, revealAt: iso(endsAt), provisional: true, comparison: null });
    const early = await call('GET', `/api/attempts/${attempt.id}/review`, auth);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'REVIEW_NOT_YET', message: `Answers and explanations are shown from ${iso(endsAt)}` });
    expect(early.body).not.toContain('Because of reason');

    clock.advance(endsAt - clock.now() + 1);
    // The contest is over, its answer key open to challenges for a day: the score is still provisional.
    expect((await call('GET', `/api/attempts/${attempt.id}/result`, auth)).json().data).toMatchObject({ reviewAvailable: true, revealAt: iso(endsAt), provisional: true, comparison: { topper: expect.any(Number) } });
    const review = await call('GET', `/api/attempts/${attempt.id}/review`, auth);
    expect(review.statusCode).toBe(200);
    expect(review.json().data.questions[0].explanationHtml).toContain('Because of reason');
  });

  it('opens when the contest is cancelled', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    const { contest } = await contestOver(t, clock, ids(await makeQuestions(t.db, 2)), { entrants: [auth], minutes: 60 });
    clock.advance(2 * MINUTE);
    const on = { ...auth, 'x-device-id': 'phone' };
    const attempt = (await call('POST', `/api/contests/${contest.id}/attempt`, on)).json().data as { id: string };
    await call('POST', `/api/attempts/${attempt.id}/submit`, on);
    expect((await call('GET', `/api/attempts/${attempt.id}/review`, auth)).statusCode).toBe(409);

    expect((await call('POST', `/api/admin/contests/${contest.id}/cancel`, editor.auth, { reason: 'The paper had a mistake' })).statusCode).toBe(200);
    expect((await call('GET', `/api/attempts/${attempt.id}/review`, auth)).statusCode).toBe(200);
  });
});

describe('another test\'s review', () => {
  it('waits while a contest that has not ended has one of its questions on its paper', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const [shared, own] = ids(await makeQuestions(t.db, 2, { categoryPath: 'Keys/Shared' }));
    const mock = await openMockAttempt(t, auth, [shared!, own!]);
    await mock.submit();
    expect((await call('GET', `/api/attempts/${mock.attempt.id}/review`, auth)).statusCode).toBe(200);

    const { endsAt } = await contestOver(t, clock, [shared!], { minutes: 30 });
    const result = (await call('GET', `/api/attempts/${mock.attempt.id}/result`, auth)).json().data;
    expect(result).toMatchObject({ reviewAvailable: false, revealAt: iso(endsAt) });
    const refused = await call('GET', `/api/attempts/${mock.attempt.id}/review`, auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_NOT_YET', message: `Answers and explanations are shown from ${iso(endsAt)}` });

    clock.advance(endsAt - clock.now() + 1);
    expect((await call('GET', `/api/attempts/${mock.attempt.id}/review`, auth)).statusCode).toBe(200);
  });

  it('follows the contest as editors reschedule it or give it another paper', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    const [shared] = ids(await makeQuestions(t.db, 1));
    const mock = await openMockAttempt(t, auth, [shared!]);
    await mock.submit();
    const { contest, paper } = await contestOver(t, clock, [shared!], { minutes: 30 });
    const startsAt = clock.now() + 3 * 60 * MINUTE;
    const edit = (testId: string) =>
      call('PUT', `/api/admin/contests/${contest.id}`, editor.auth, {
        title: contest.title,
        icon: 'code',
        level: 'Beginner',
        startsAt: iso(startsAt),
        durationMinutes: 45,
        totalSeats: 10,
        priceAmount: 0,
        prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000 }],
        published: true,
        testId,
      });
    expect((await edit(paper.id)).statusCode).toBe(200);
    expect((await call('GET', `/api/attempts/${mock.attempt.id}/result`, auth)).json().data).toMatchObject({ reviewAvailable: false, revealAt: iso(startsAt + 45 * MINUTE) });

    const otherPaper = await makeTest(t.db, { sections: [{ questionIds: ids(await makeQuestions(t.db, 1)) }] });
    expect((await edit(otherPaper.id)).statusCode).toBe(200);
    expect((await call('GET', `/api/attempts/${mock.attempt.id}/review`, auth)).statusCode).toBe(200);
  });

  it('waits while the candidate\'s own later attempt at the same questions is open', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const questionIds = ids(await makeQuestions(t.db, 2));
    const first = await openMockAttempt(t, auth, questionIds, { attemptsAllowed: 2 });
    await first.submit();
    expect((await call('GET', `/api/attempts/${first.attempt.id}/review`, auth)).statusCode).toBe(200);

    const on = { ...auth, 'x-device-id': 'phone' };
    const second = await call('POST', `/api/tests/${first.test.slug}/attempts`, on);
    expect(second.statusCode).toBe(201);
    const refused = await call('GET', `/api/attempts/${first.attempt.id}/review`, auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_NOT_YET', message: 'Answers and explanations are shown once your attempts in progress that share questions with this test are submitted' });
    expect((await call('GET', `/api/attempts/${first.attempt.id}/result`, auth)).json().data).toMatchObject({ reviewAvailable: false, revealAt: null });

    await call('POST', `/api/attempts/${second.json().data.id}/submit`, on);
    expect((await call('GET', `/api/attempts/${first.attempt.id}/review`, auth)).statusCode).toBe(200);
  });

  it('waits for a test whose answers are shown from a date, when the question was drawn into its attempts', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const { auth: other } = await signedInUser(t.app, t.db);
    const [question] = ids(await makeQuestions(t.db, 1, { categoryPath: 'Keys/Dated' }));
    const mock = await openMockAttempt(t, auth, [question!]);
    await mock.submit();
    const revealAt = clock.now() + 3 * 24 * 60 * MINUTE;
    const dated = await makeBlueprintTest(t.db, 'Keys/Dated', 1, { revealMode: 'date', revealAt: iso(revealAt) });
    expect((await call('POST', `/api/tests/${dated.slug}/attempts`, { ...other, 'x-device-id': 'tab' })).statusCode).toBe(201);

    const refused = await call('GET', `/api/attempts/${mock.attempt.id}/review`, auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Answers and explanations are shown from ${iso(revealAt)}`);
  });
});

describe('blueprint draws', () => {
  it('never draw a question a running contest seals, and say so when too few remain', async () => {
    const pool = ids(await makeQuestions(t.db, 4, { categoryPath: 'Keys/Pool' }));
    const sealed = pool.slice(0, 2);
    await contestOver(t, clock, sealed, { minutes: 60 });
    const blueprint = (count: number) => makeBlueprintTest(t.db, 'Keys/Pool', count, { shuffleQuestions: true });

    const two = await blueprint(2);
    for (let i = 0; i < 6; i += 1) {
      const { auth } = await signedInUser(t.app, t.db);
      const res = await call('POST', `/api/tests/${two.slug}/attempts`, { ...auth, 'x-device-id': 'phone' });
      expect(res.statusCode).toBe(201);
      expect((res.json().data.questions as ServedQuestion[]).map((q) => q.questionId).sort()).toEqual(pool.slice(2).sort());
    }
    const three = await blueprint(3);
    const { auth } = await signedInUser(t.app, t.db);
    const refused = await call('POST', `/api/tests/${three.slug}/attempts`, { ...auth, 'x-device-id': 'phone' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/the bank has 2 published questions in English matching it, leaving out those of contests and tests whose answers are not shown yet$/);
  });
});

describe('the editors\' preview of a test', () => {
  it('is refused to candidates and visitors, and carries no key for editors either', async () => {
    const test = await makeTest(t.db, { sections: [{ questionIds: ids(await makeQuestions(t.db, 2)) }] });
    const candidate = await signedInUser(t.app, t.db);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    expect((await call('GET', `/api/admin/tests/${test.id}/preview`)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/tests/${test.id}/preview`, candidate.auth)).statusCode).toBe(403);
    const preview = await call('GET', `/api/admin/tests/${test.id}/preview`, editor.auth);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toMatch(/correct|explanation|fraction|Because of reason/i);
  });
});
