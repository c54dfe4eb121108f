import type { Attempt } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const MIN = 60_000;
const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function candidate(deviceId = 'device-one') {
  const { user, auth } = await signedInUser(t.app, t.db);
  return { user, auth, on: (device = deviceId): Headers => ({ ...auth, 'x-device-id': device }) };
}

async function start(slug: string, headers: Headers) {
  const res = await call('POST', `/api/tests/${slug}/attempts`, headers);
  return { res, attempt: res.json().data as Attempt };
}

const save = (attemptId: string, questionId: string, body: object, headers: Headers) => call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, body);
const answers = (attemptId: string) => t.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).orderBy('question_id').execute();

/** A published test of three single-answer questions (key: the first option) and one multiple-answer question. */
async function simpleTest(over: Omit<Parameters<typeof makeTest>[1], 'sections'> = {}) {
  const singles = await makeQuestions(t.db, 3, { key: [0] });
  const multiple = await makeQuestion(t.db, { key: [0, 2] });
  const test = await makeTest(t.db, { sections: [{ questionIds: [...singles.map((q) => q.id), multiple.id], marks: 2, negativeMarks: 0.5 }], ...over });
  return { test, singles, multiple, ids: [...singles.map((q) => q.id), multiple.id] };
}

/** Nothing that tells the key: no correct flag, fraction or explanation. */
const KEY_LEAK = /"correct"\s*:\s*(true|false)|fraction|explanation|Because of reason|correctOptionIds/i;

describe('starting and resuming a timed attempt', () => {
  it('starts an attempt (201) with the questions, the clock and no key, and answers the open one after (200)', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { res, attempt } = await start(test.slug, c.on());
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(KEY_LEAK);
    expect(attempt).toMatchObject({ behaviour: 'timed', status: 'open', attemptNumber: 1, lockedSections: false, graceSeconds: 60, writer: 'this', lastSeq: 0, answers: [], test: { id: test.id, slug: test.slug } });
    expect(Date.parse(attempt.endsAt!) - Date.parse(attempt.startedAt)).toBe(60 * MIN);
    expect(attempt.startedAt).toBe(new Date(clock.now()).toISOString());
    expect(res.json().serverTime).toBe(new Date(clock.now()).toISOString());
    expect(attempt.questions.map((q) => q.questionId)).toEqual(ids);
    expect(attempt.questions.map((q) => q.number)).toEqual([1, 2, 3, 4]);
    expect(attempt.questions[0]!.options.map((o) => o.id)).toEqual(['A', 'B', 'C', 'D']);
    expect(attempt.sections).toEqual([
      { id: test.sections[0]!.id, title: 'Section 1', marks: 2, negativeMarks: 0.5, opensAt: null, closesAt: null, questionCount: 4, states: { notVisited: 4, notAnswered: 0, answered: 0, markedForReview: 0, answeredMarked: 0 } },
    ]);

    await save(attempt.id, ids[0]!, { optionIds: ['A'], markedForReview: true, confidence: 'sure', seq: 1 }, c.on());
    for (const res of [await call('GET', `/api/attempts/${attempt.id}`, c.on()), await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('other-device'))]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(KEY_LEAK);
    }
    await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on());

    const again = await start(test.slug, c.on());
    expect(again.res.statusCode).toBe(200);
    expect(again.attempt.id).toBe(attempt.id);
    expect(await t.db.selectFrom('attempts').select('id').where('test_id', '=', test.id).execute()).toHaveLength(1);
  });

  it('shuffles questions and options from the attempt seed and maps the letters to the bank', async () => {
    const questions = await makeQuestions(t.db, 8, { key: [3], optionCount: 5 });
    const test = await makeTest(t.db, { shuffleQuestions: true, shuffleOptions: true, sections: [{ questionIds: questions.map((q) => q.id) }] });
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const shown = attempt.questions.map((q) => q.questionId);
    expect([...shown].sort()).toEqual(questions.map((q) => q.id).sort());
    const orders = attempt.questions.map((q) => q.options.map((o) => /Option (\d)/.exec(o.html)![1]).join(''));
    expect(new Set(orders).size).toBeGreaterThan(1);
    // Choose the option showing the bank's correct text: it is stored as bank position 3.
    const first = attempt.questions[0]!;
    const letter = first.options.find((o) => o.html.includes('Option 4 '))!.id;
    expect((await save(attempt.id, first.questionId, { optionIds: [letter], markedForReview: false, seq: 1 }, c.on())).statusCode).toBe(200);
    expect((await answers(attempt.id))[0]!.choice).toBe('[3]');
    const resumed = (await call('GET', `/api/attempts/${attempt.id}`, c.on())).json().data as Attempt;
    expect(resumed.questions).toEqual(attempt.questions);
    expect(resumed.answers[0]!.optionIds).toEqual([letter]);
  });

  it('refuses an unknown or unpublished test, and anyone not signed in', async () => {
    const c = await candidate();
    expect((await start('no-such-test', c.on())).res.statusCode).toBe(404);
    const { test } = await simpleTest();
    expect((await call('POST', `/api/tests/${test.slug}/attempts`, {})).statusCode).toBe(401);
    await t.db.updateTable('tests').set({ status: 'draft' }).where('id', '=', test.id).execute();
    expect((await start(test.slug, c.on())).res.statusCode).toBe(404);
  });

  it('starts a new attempt after a submitted one until the attempts allowed are used (409)', async () => {
    const { test } = await simpleTest({ attemptsAllowed: 2 });
    const c = await candidate();
    const first = await start(test.slug, c.on());
    await call('POST', `/api/attempts/${first.attempt.id}/submit`, c.on());
    const second = await start(test.slug, c.on());
    expect(second.res.statusCode).toBe(201);
    expect(second.attempt.attemptNumber).toBe(2);
    await call('POST', `/api/attempts/${second.attempt.id}/submit`, c.on());
    const third = await start(test.slug, c.on());
    expect(third.res.statusCode).toBe(409);
    expect(third.res.json()).toMatchObject({ code: 'ATTEMPTS_EXHAUSTED', message: 'You have used the 2 attempts this test allows' });
    const rows = await t.db.selectFrom('attempts').select(['attempt_number', 'ranked']).where('test_id', '=', test.id).orderBy('attempt_number').execute();
    expect(rows).toEqual([{ attempt_number: 1, ranked: 1 }, { attempt_number: 2, ranked: 0 }]);
  });

  it('starts once when the candidate asks twice at the same moment', async () => {
    const { test } = await simpleTest();
    const c = await candidate();
    const both = await Promise.all([start(test.slug, c.on()), start(test.slug, c.on())]);
    expect(both.map((b) => b.res.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].attempt.id).toBe(both[1].attempt.id);
  });

  it('tells the instructions page how many attempts the candidate has and the open one', async () => {
    const { test } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    expect((await call('GET', `/api/tests/${test.slug}`, c.auth)).json().data.myAttempts).toEqual({ count: 1, openAttemptId: attempt.id });
  });
});

describe('saving answers', () => {
  it('saves, answers the stored state with the server time, and resumes with every answer and the last sequence number', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const res = await save(attempt.id, ids[0]!, { optionIds: ['B'], markedForReview: false, confidence: 'fifty', seq: 1, timeSpentMs: 12_000 }, c.on());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(KEY_LEAK);
    expect(res.json()).toEqual({
      data: { questionId: ids[0], optionIds: ['B'], markedForReview: false, confidence: 'fifty', state: 'answered', seq: 1, savedAt: new Date(clock.now()).toISOString(), applied: true },
      serverTime: new Date(clock.now()).toISOString(),
    });
    expect((await save(attempt.id, ids[1]!, { optionIds: [], markedForReview: true, seq: 2 }, c.on())).json().data.state).toBe('markedForReview');
    expect((await save(attempt.id, ids[2]!, { optionIds: ['A'], markedForReview: true, seq: 3 }, c.on())).json().data.state).toBe('answeredMarked');
    expect((await save(attempt.id, ids[3]!, { optionIds: ['A', 'C'], markedForReview: false, seq: 4 }, c.on())).json().data).toMatchObject({ optionIds: ['A', 'C'], state: 'answered' });
    expect((await save(attempt.id, ids[3]!, { optionIds: [], markedForReview: false, seq: 5 }, c.on())).json().data.state).toBe('notAnswered');

    const resumed = (await call('GET', `/api/attempts/${attempt.id}`, c.on())).json();
    expect(resumed.data.lastSeq).toBe(5);
    expect(resumed.data.answers.map((a: { questionId: string; state: string }) => [a.questionId, a.state]).sort()).toEqual(
      [
        [ids[0], 'answered'],
        [ids[1], 'markedForReview'],
        [ids[2], 'answeredMarked'],
        [ids[3], 'notAnswered'],
      ].sort(),
    );
  });

  it('is idempotent and ordered by sequence number: a retried or older save changes nothing', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const q = ids[0]!;
    expect((await save(attempt.id, q, { optionIds: ['C'], markedForReview: false, seq: 7 }, c.on())).json().data.applied).toBe(true);
    const retried = await save(attempt.id, q, { optionIds: ['C'], markedForReview: false, seq: 7 }, c.on());
    expect(retried.json().data).toMatchObject({ applied: false, optionIds: ['C'], seq: 7 });
    // An older save arriving late: the newer answer stays.
    const late = await save(attempt.id, q, { optionIds: ['A'], markedForReview: true, seq: 3 }, c.on());
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toMatchObject({ applied: false, optionIds: ['C'], markedForReview: false, seq: 7 });
    expect((await save(attempt.id, q, { optionIds: ['D'], markedForReview: false, seq: 8 }, c.on())).json().data).toMatchObject({ applied: true, optionIds: ['D'], seq: 8 });
    const stored = await answers(attempt.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ choice: '[3]', seq: 8 });
  });

  it('refuses hostile input with a clear 4xx and writes nothing', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const stranger = await makeQuestion(t.db);
    const ok = { optionIds: ['A'], markedForReview: false, seq: 1 };
    const cases: [string, string, object, Headers, number, string?][] = [
      [attempt.id, stranger.id, ok, c.on(), 404, 'This question is not part of the attempt'],
      [attempt.id, 'x'.repeat(65), ok, c.on(), 400],
      ['no-such-attempt', ids[0]!, ok, c.on(), 404, 'Attempt not found'],
      ['a'.repeat(200), ids[0]!, ok, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, optionIds: ['E'] }, c.on(), 400, 'optionIds: This question has options A to D only'],
      [attempt.id, ids[0]!, { ...ok, optionIds: ['A', 'B'] }, c.on(), 400, 'optionIds: This question takes one answer'],
      [attempt.id, ids[3]!, { ...ok, optionIds: ['A', 'A'] }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, optionIds: ['Z'] }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, seq: 0 }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, seq: 1.5 }, c.on(), 400],
      [attempt.id, ids[0]!, { optionIds: ['A'], markedForReview: false }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, extra: 1 }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, confidence: 'certain' }, c.on(), 400],
      [attempt.id, ids[0]!, { ...ok, timeSpentMs: -1 }, c.on(), 400],
      [attempt.id, ids[0]!, ok, { ...c.auth, 'x-device-id': 'bad device id!' }, 400],
      [attempt.id, ids[0]!, ok, {}, 401],
    ];
    for (const [attemptId, questionId, body, headers, status, message] of cases) {
      const res = await save(attemptId, questionId, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, ...(message ? { message } : {}) });
    }
    const raw = await t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt.id}/answers/${ids[0]}`, headers: { ...c.on(), 'content-type': 'application/json' }, payload: '{"optionIds":' });
    expect(raw.statusCode).toBe(400);
    expect(await answers(attempt.id)).toEqual([]);
  });

  it('answers 404 for another candidate’s attempt on every route', async () => {
    const { test, ids } = await simpleTest();
    const owner = await candidate();
    const { attempt } = await start(test.slug, owner.on());
    const other = await candidate();
    for (const [method, url, body] of [
      ['GET', `/api/attempts/${attempt.id}`],
      ['PUT', `/api/attempts/${attempt.id}/answers/${ids[0]}`, { optionIds: ['A'], markedForReview: false, seq: 1 }],
      ['POST', `/api/attempts/${attempt.id}/takeover`],
      ['POST', `/api/attempts/${attempt.id}/submit`],
      ['GET', `/api/attempts/${attempt.id}/result`],
      ['GET', `/api/attempts/${attempt.id}/review`],
    ] as [Method, string, object?][]) {
      const res = await call(method, url, other.on(), body);
      expect(res.statusCode, url).toBe(404);
      expect((await call(method, url, {}, body)).statusCode, url).toBe(401);
    }
    expect(await answers(attempt.id)).toEqual([]);
    expect((await t.db.selectFrom('attempts').select('status').where('id', '=', attempt.id).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('rate-limits saves per attempt far above what a candidate can click', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const codes = new Map<number, number>();
    for (let seq = 1; seq <= 601; seq += 1) {
      const res = await save(attempt.id, ids[seq % 4]!, { optionIds: ['A'], markedForReview: false, seq }, c.on());
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ 200: 600, 429: 1 });
    // Another attempt has its own budget.
    const other = await candidate();
    const { attempt: second } = await start(test.slug, other.on());
    expect((await save(second.id, ids[0]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, other.on())).statusCode).toBe(200);
  });
});

describe('the server’s clock', () => {
  it('accepts saves made before the end until the end plus the grace, then refuses them (409) and writes nothing', async () => {
    const { test, ids } = await simpleTest({ durationMinutes: 30, graceSeconds: 60 });
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const madeAt = new Date(clock.now() + 30 * MIN - 1_000).toISOString();
    clock.advance(30 * MIN + 59_000);
    expect((await save(attempt.id, ids[0]!, { optionIds: ['A'], markedForReview: false, seq: 1, savedAt: madeAt }, c.on())).statusCode).toBe(200);
    clock.advance(2_000);
    const late = await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 2 }, c.on());
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ATTEMPT_CLOSED', message: expect.stringContaining('Time is up') });
    expect((await answers(attempt.id)).map((a) => a.question_id)).toEqual([ids[0]]);
    // Read after its time, the attempt is submitted by the server with what was saved in time.
    const resumed = (await call('GET', `/api/attempts/${attempt.id}`, c.on())).json().data as Attempt;
    expect(resumed).toMatchObject({ status: 'submitted', submittedAt: new Date(clock.now()).toISOString() });
    const result = (await call('GET', `/api/attempts/${attempt.id}/result`, c.on())).json().data;
    expect(result).toMatchObject({ submittedBy: 'server', correct: 1, unattempted: 3, score: 2 });
    expect((await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 3 }, c.on())).json().code).toBe('ATTEMPT_CLOSED');
  });

  it('opens and closes locked sections in order, each with its grace', async () => {
    const first = await makeQuestions(t.db, 2);
    const second = await makeQuestions(t.db, 2);
    const test = await makeTest(t.db, {
      graceSeconds: 30,
      sections: [
        { title: 'Reasoning', questionIds: first.map((q) => q.id), timeLimitMinutes: 20 },
        { title: 'English', questionIds: second.map((q) => q.id), timeLimitMinutes: 20 },
      ],
    });
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const startedAt = clock.now();
    expect(attempt.lockedSections).toBe(true);
    expect(attempt.sections.map((s) => [s.opensAt, s.closesAt])).toEqual([
      [new Date(startedAt).toISOString(), new Date(startedAt + 20 * MIN).toISOString()],
      [new Date(startedAt + 20 * MIN).toISOString(), new Date(startedAt + 40 * MIN).toISOString()],
    ]);
    const early = await save(attempt.id, second[0]!.id, { optionIds: ['A'], markedForReview: false, seq: 1 }, c.on());
    expect(early.statusCode).toBe(409);
    const at = `${new Date(startedAt + 20 * MIN).toISOString().slice(11, 19)} UTC`;
    expect(early.json()).toMatchObject({ code: 'SECTION_LOCKED', message: `This section opens at ${at}` });

    clock.advance(20 * MIN + 10_000);
    const beforeClose = new Date(startedAt + 20 * MIN - 2_000).toISOString();
    expect((await save(attempt.id, first[0]!.id, { optionIds: ['A'], markedForReview: false, seq: 2, savedAt: beforeClose }, c.on())).statusCode).toBe(200);
    expect((await save(attempt.id, second[0]!.id, { optionIds: ['A'], markedForReview: false, seq: 3 }, c.on())).statusCode).toBe(200);
    clock.advance(21_000);
    const closed = await save(attempt.id, first[1]!.id, { optionIds: ['A'], markedForReview: false, seq: 4, savedAt: beforeClose }, c.on());
    expect(closed.json()).toMatchObject({ statusCode: 409, code: 'SECTION_LOCKED', message: `This section closed at ${at}: its answers can no longer be changed` });
    expect((await save(attempt.id, second[1]!.id, { optionIds: ['A'], markedForReview: false, seq: 5 }, c.on())).statusCode).toBe(200);
    expect((await answers(attempt.id)).map((a) => a.question_id).sort()).toEqual([first[0]!.id, second[0]!.id, second[1]!.id].sort());
    clock.advance(20 * MIN);
  });
});

describe('one device writes at a time', () => {
  it('lets a second device take over; the first is then told and refused', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on('laptop'));
    await save(attempt.id, ids[0]!, { optionIds: ['A'], markedForReview: false, seq: 4 }, c.on('laptop'));

    const seen = (await call('GET', `/api/attempts/${attempt.id}`, c.on('phone'))).json().data as Attempt;
    expect(seen.writer).toBe('other');
    const refused = await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, c.on('phone'));
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'ATTEMPT_TAKEN_OVER', message: 'This attempt continues on another device' });
    expect(await answers(attempt.id)).toHaveLength(1);

    expect((await call('POST', `/api/attempts/${attempt.id}/takeover`, c.auth)).statusCode).toBe(400);
    const taken = await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('phone'));
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({ writer: 'this', lastSeq: 4, status: 'open' });
    expect((await save(attempt.id, ids[1]!, { optionIds: ['B'], markedForReview: false, seq: 5 }, c.on('phone'))).statusCode).toBe(200);

    const old = await save(attempt.id, ids[2]!, { optionIds: ['A'], markedForReview: false, seq: 5 }, c.on('laptop'));
    expect(old.json().code).toBe('ATTEMPT_TAKEN_OVER');
    expect((await call('GET', `/api/attempts/${attempt.id}`, c.on('laptop'))).json().data.writer).toBe('other');
    expect((await call('POST', `/api/attempts/${attempt.id}/submit`, c.on('laptop'))).json().code).toBe('ATTEMPT_TAKEN_OVER');
    expect((await call('POST', `/api/attempts/${attempt.id}/submit`, c.on('phone'))).statusCode).toBe(200);
    expect((await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('laptop'))).json().code).toBe('ATTEMPT_CLOSED');
  });
});

describe('submitting', () => {
  it('submits once: a second submit answers the same result and changes nothing; saves after it are refused', async () => {
    const { test, ids } = await simpleTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    await save(attempt.id, ids[0]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, c.on());
    const before = await call('GET', `/api/attempts/${attempt.id}/result`, c.on());
    expect(before.json()).toMatchObject({ statusCode: 409, message: 'The result is ready once the attempt is submitted' });
    expect((await call('GET', `/api/attempts/${attempt.id}/review`, c.on())).json().code).toBe('REVIEW_NOT_YET');

    const first = await call('POST', `/api/attempts/${attempt.id}/submit`, c.on());
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ attemptId: attempt.id, submittedBy: 'candidate', score: 2, maxScore: 8, correct: 1, unattempted: 3, ranked: true, rank: 1 });
    clock.advance(5_000);
    const second = await call('POST', `/api/attempts/${attempt.id}/submit`, c.on());
    expect(second.json().data).toEqual(first.json().data);
    const row = await t.db.selectFrom('attempts').select(['submitted_at', 'score']).where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(row.submitted_at).toBe(clock.now() - 5_000);
    const stats = await t.db.selectFrom('test_question_stats').selectAll().where('test_id', '=', test.id).orderBy('question_id').execute();
    expect(stats.map((s) => s.attempts)).toEqual([1, 1, 1, 1]);

    const late = await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 2 }, c.on());
    expect(late.json()).toMatchObject({ statusCode: 409, code: 'ATTEMPT_CLOSED' });
    expect(await answers(attempt.id)).toHaveLength(1);
  });
});
