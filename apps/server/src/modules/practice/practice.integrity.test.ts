import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { contestOver, openMockAttempt, type ServedQuestion } from '../../../test/key-factories.js';
import { makeQuestion, makeQuestions } from '../../../test/practice-factories.js';

/*
 * Practice never hands out a key the rule withholds (docs/decisions/018): a script that knows the
 * question ids of an open attempt, a running contest's paper or a test whose answers come later
 * tries every way practice has of serving a question.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = testClock(Date.parse('2026-03-02T04:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();
const rightOf = (q: ServedQuestion) => q.options.find((o) => text(o.html) === 'Right')!.id;
const wrongOf = (q: ServedQuestion) => q.options.find((o) => text(o.html) !== 'Right')!.id;
const practise = (auth: Headers, body: object) => call('POST', '/api/practice/sessions', auth, body);
const answer = (auth: Headers, sessionId: string, questionId: string, optionIds: string[]) =>
  call('POST', `/api/practice/sessions/${sessionId}/answers`, auth, { questionId, optionIds });
const served = (res: { json: () => { data: { questions: { questionId: string }[] } } }) => res.json().data.questions.map((q) => q.questionId);
const sessionCount = async (userId: string) =>
  Number((await t.db.selectFrom('attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('behaviour', '=', 'practice').executeTakeFirstOrThrow()).n);

const WITHHELD = /contest or a test whose answers are not shown yet, or in your own test in progress/;

describe('practice over the questions of the caller\'s open attempt', () => {
  it('leaves them out of a session asked for by id, and refuses one of nothing else with 409', async () => {
    const { auth, user } = await signedInUser(t.app, t.db);
    const exam = await makeQuestions(t.db, 3, { categoryPath: 'Integrity/Open' });
    const free = await makeQuestion(t.db, { categoryPath: 'Integrity/Open' });
    const { attempt } = await openMockAttempt(t, auth, exam);

    const refused = await practise(auth, { source: 'bank', count: 5, questionIds: attempt.questions.map((q) => q.questionId) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(WITHHELD) });
    expect(await sessionCount(user.id)).toBe(0);

    const mixed = await practise(auth, { source: 'bank', count: 5, questionIds: [...exam, free] });
    expect(mixed.statusCode).toBe(201);
    expect(served(mixed)).toEqual([free]);
    // The withheld ones take no place in the count asked for.
    const more = await makeQuestions(t.db, 5, { categoryPath: 'Integrity/More' });
    expect(served(await practise(auth, { source: 'bank', count: 5, questionIds: [...exam, ...more] }))).toEqual(more);
    // Bank practice by the same category serves the free question only.
    expect(served(await practise(auth, { source: 'bank', count: 5, category: 'Integrity/Open' }))).toEqual([free]);
  });

  it('refuses an answer, and shows no key, for a question that entered an open attempt after the session began', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const ids = await makeQuestions(t.db, 2, { categoryPath: 'Integrity/Race' });
    const session = await practise(auth, { source: 'bank', count: 5, questionIds: ids });
    expect(session.statusCode).toBe(201);
    const [first, second] = session.json().data.questions as ServedQuestion[];
    expect((await answer(auth, session.json().data.id, first!.questionId, [wrongOf(first!)])).statusCode).toBe(200);

    const mock = await openMockAttempt(t, auth, ids);
    const refused = await answer(auth, session.json().data.id, second!.questionId, [rightOf(second!)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_NOT_YET', message: 'This question is in your test in progress: its answer is shown once that attempt is submitted' });
    // The question answered before keeps the candidate's answer but shows no key while the attempt runs.
    const again = await answer(auth, session.json().data.id, first!.questionId, [wrongOf(first!)]);
    expect(again.json().data).toMatchObject({ correctOptionIds: [], explanationHtml: null });
    const view = (await call('GET', `/api/practice/sessions/${session.json().data.id}`, auth)).json().data;
    expect(view.questions[0].feedback).toMatchObject({ correctOptionIds: [], explanationHtml: null });
    expect(JSON.stringify(view)).not.toContain('Because of reason');

    expect((await mock.submit()).statusCode).toBe(200);
    const after = await answer(auth, session.json().data.id, second!.questionId, [rightOf(second!)]);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ isCorrect: true, correctOptionIds: [rightOf(second!)], explanationHtml: expect.stringContaining('Because of reason') });
  });

  it('leaves bookmarked questions of the open attempt out of "practise my bookmarks"', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const ids = await makeQuestions(t.db, 2, { categoryPath: 'Integrity/Bookmarks' });
    const { attempt, submit } = await openMockAttempt(t, auth, ids);
    for (const q of attempt.questions) expect((await call('PUT', `/api/bookmarks/${q.questionId}`, auth)).statusCode).toBe(200);

    const refused = await practise(auth, { source: 'bookmarks', count: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(WITHHELD);
    const free = await makeQuestion(t.db);
    await call('PUT', `/api/bookmarks/${free}`, auth);
    expect(served(await practise(auth, { source: 'bookmarks', count: 5 }))).toEqual([free]);

    await submit();
    expect(served(await practise(auth, { source: 'bookmarks', count: 5 })).sort()).toEqual([...ids, free].sort());
  });

  it('keeps a mistake out of "practise my mistakes" while the same question is in another open attempt', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const [shared, other] = await makeQuestions(t.db, 2, { categoryPath: 'Integrity/Mistakes' });
    const x = await openMockAttempt(t, auth, [shared!, other!]);
    const sharedInX = x.attempt.questions.find((q) => q.questionId === shared)!;
    expect((await x.save(shared!, [wrongOf(sharedInX)])).statusCode).toBe(200);
    expect((await x.submit()).statusCode).toBe(200);
    await expect.poll(async () => (await call('GET', '/api/practice/mistakes', auth)).json().data.total).toBe(1);

    const y = await openMockAttempt(t, auth, [shared!]);
    const refused = await practise(auth, { source: 'mistakes', count: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(WITHHELD);

    await y.submit();
    expect(served(await practise(auth, { source: 'mistakes', count: 5 }))).toEqual([shared]);
  });
});

describe('practice over a contest paper', () => {
  it('leaves the paper out of bank practice, choices counts, ids and bookmarks until the contest ends', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const { auth: player } = await signedInUser(t.app, t.db);
    const paper = await makeQuestions(t.db, 3, { categoryPath: 'Integrity/Contest' });
    const { contest, endsAt } = await contestOver(t, clock, paper, { entrants: [player], minutes: 30 });
    const countOf = async () => (await call('GET', '/api/practice/choices')).json().data.categories.find((c: { path: string }) => c.path === 'Integrity/Contest')?.count ?? 0;
    // Before the start nobody practises the paper, and the choices count nothing there.
    expect(await countOf()).toBe(0);
    const early = await practise(auth, { source: 'bank', count: 5, category: 'Integrity/Contest' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(WITHHELD);

    clock.advance(2 * MINUTE);
    const started = await call('POST', `/api/contests/${contest.id}/attempt`, { ...player, 'x-device-id': 'phone' });
    expect(started.statusCode).toBe(201);
    const ids = (started.json().data.questions as ServedQuestion[]).map((q) => q.questionId);
    for (const body of [
      { source: 'bank', count: 5, category: 'Integrity/Contest' },
      { source: 'bank', count: 5, questionIds: ids },
    ]) {
      const res = await practise(auth, body);
      expect(res.statusCode).toBe(409);
      expect(JSON.stringify(res.json())).not.toContain('Because of reason');
    }
    for (const id of ids) await call('PUT', `/api/bookmarks/${id}`, auth);
    expect((await practise(auth, { source: 'bookmarks', count: 5 })).statusCode).toBe(409);
    // The player too, with the paper's ids at hand.
    expect((await practise(player, { source: 'bank', count: 5, questionIds: ids })).statusCode).toBe(409);

    clock.advance(endsAt - clock.now() + MINUTE);
    expect(await countOf()).toBe(3);
    const after = await practise(auth, { source: 'bank', count: 5, questionIds: ids });
    expect(after.statusCode).toBe(201);
    expect(served(after).sort()).toEqual([...ids].sort());
  });
});

describe('practice over a test whose answers are shown from a date', () => {
  it('leaves its questions out until the date, then serves them', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const { auth: taker } = await signedInUser(t.app, t.db);
    const ids = await makeQuestions(t.db, 2, { categoryPath: 'Integrity/Dated' });
    const revealAt = clock.now() + 2 * DAY;
    const { submit } = await openMockAttempt(t, taker, ids, { revealMode: 'date', revealAt: new Date(revealAt).toISOString() });
    await submit();

    for (const who of [auth, taker]) {
      const res = await practise(who, { source: 'bank', count: 5, questionIds: ids });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(WITHHELD);
    }
    expect((await practise(auth, { source: 'bank', count: 5, category: 'Integrity/Dated' })).statusCode).toBe(409);

    clock.advance(revealAt - clock.now() + MINUTE);
    expect(served(await practise(auth, { source: 'bank', count: 5, questionIds: ids }))).toEqual(ids);
  });
});
