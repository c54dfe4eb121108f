import type { Attempt } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { seedDemoQuestions } from '../../demo/question-bank.js';
import { seedDemoTests } from '../../demo/papers.js';
import { seedDemoUsers } from '../../demo/users.js';
import { systemClock } from '../../lib/clock.js';

/**
 * Locked sections as on the real computer-based test (docs/PRODUCT.md §8.7): a section's questions
 * are delivered only while it is open, and after its close, within the grace, only saves the device
 * made before the close are taken.
 */
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
const save = (attemptId: string, questionId: string, body: object, headers: Headers) => call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, body);
const iso = (ms: number) => new Date(ms).toISOString();
const clockTime = (ms: number) => `${iso(ms).slice(11, 19)} UTC`;

/** A paper like the bank PO demo: three locked 20-minute sections, here of three questions each, 30 s of grace. */
async function bankPaper() {
  const sections = [await makeQuestions(t.db, 3), await makeQuestions(t.db, 3), await makeQuestions(t.db, 3)];
  const test = await makeTest(t.db, {
    graceSeconds: 30,
    sections: sections.map((qs, i) => ({ title: ['English', 'Quant', 'Reasoning'][i], questionIds: qs.map((q) => q.id), timeLimitMinutes: 20, marks: 1, negativeMarks: 0.25 })),
  });
  const { auth } = await signedInUser(t.app, t.db);
  const on = (device = 'laptop'): Headers => ({ ...auth, 'x-device-id': device });
  const started = await call('POST', `/api/tests/${test.slug}/attempts`, on());
  const attempt = started.json().data as Attempt;
  return { test, sections, on, started, attempt, startedAt: clock.now(), ids: sections.map((qs) => qs.map((q) => q.id)) };
}

const get = async (id: string, headers: Headers) => (await call('GET', `/api/attempts/${id}`, headers)).json().data as Attempt;
const questionIds = (a: Attempt) => a.questions.map((q) => q.questionId);

describe('locked sections are delivered one at a time', () => {
  it('delivers only the open section’s questions at the start, on resume and on takeover, listing the others with their windows and counts', async () => {
    const { sections, on, started, attempt, startedAt, ids } = await bankPaper();
    expect(started.statusCode).toBe(201);
    expect(questionIds(attempt)).toEqual(ids[0]);
    // No stem or option of a later section leaves the server before it opens.
    for (const q of [...sections[1]!, ...sections[2]!]) expect(started.body).not.toContain(q.stem.slice(0, 30));
    expect(attempt.sections.map((s) => ({ title: s.title, opensAt: s.opensAt, closesAt: s.closesAt, questionCount: s.questionCount, notVisited: s.states.notVisited }))).toEqual([
      { title: 'English', opensAt: iso(startedAt), closesAt: iso(startedAt + 20 * MIN), questionCount: 3, notVisited: 3 },
      { title: 'Quant', opensAt: iso(startedAt + 20 * MIN), closesAt: iso(startedAt + 40 * MIN), questionCount: 3, notVisited: 3 },
      { title: 'Reasoning', opensAt: iso(startedAt + 40 * MIN), closesAt: iso(startedAt + 60 * MIN), questionCount: 3, notVisited: 3 },
    ]);
    expect((await save(attempt.id, ids[0]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, on())).statusCode).toBe(200);
    expect((await save(attempt.id, ids[0]![1]!, { optionIds: [], markedForReview: true, seq: 2 }, on())).statusCode).toBe(200);

    // The second section opens: its questions come, the first's leave, its answers stay as counts.
    clock.advance(20 * MIN);
    const second = await get(attempt.id, on());
    expect(questionIds(second)).toEqual(ids[1]);
    expect(second.answers).toEqual([]);
    expect(second.lastSeq).toBe(2);
    expect(second.sections[0]!.states).toEqual({ notVisited: 1, notAnswered: 0, answered: 1, markedForReview: 1, answeredMarked: 0 });
    const resumed = await call('POST', `/api/tests/${(started.json().data as Attempt).test!.slug}/attempts`, on());
    expect(resumed.statusCode).toBe(200);
    expect(questionIds(resumed.json().data as Attempt)).toEqual(ids[1]);
    for (const q of [...sections[0]!, ...sections[2]!]) expect(resumed.body).not.toContain(q.stem.slice(0, 30));

    // The third opens 40 minutes in: a takeover then gets it, and only it.
    clock.advance(20 * MIN);
    const taken = await call('POST', `/api/attempts/${attempt.id}/takeover`, on('phone'));
    expect(questionIds(taken.json().data as Attempt)).toEqual(ids[2]);
    for (const q of [...sections[0]!, ...sections[1]!]) expect(taken.body).not.toContain(q.stem.slice(0, 30));

    // Submitted, the attempt delivers no locked section.
    await call('POST', `/api/attempts/${attempt.id}/submit`, on('phone'));
    const closed = await get(attempt.id, on('phone'));
    expect(closed).toMatchObject({ status: 'submitted', questions: [], answers: [] });
  });
});

describe('a result after an early submission', () => {
  it('says which sections were not reached and leaves them out of strengths and weaknesses', async () => {
    const { on, attempt, ids } = await bankPaper();
    await save(attempt.id, ids[0]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, on());
    clock.advance(5 * MIN);
    const result = (await call('POST', `/api/attempts/${attempt.id}/submit`, on())).json().data;
    expect(result.sections.map((s: { title: string; reached: boolean; unattempted: number }) => [s.title, s.reached, s.unattempted])).toEqual([
      ['English', true, 2],
      ['Quant', false, 3],
      ['Reasoning', false, 3],
    ]);
    expect(result.notReached).toEqual({ sections: 2, questions: 6 });
    const asked = (f: { correct: number; wrong: number; partial: number; unattempted: number }) => f.correct + f.wrong + f.partial + f.unattempted;
    const categories = result.topics.filter((x: { kind: string }) => x.kind === 'category');
    expect(categories.reduce((n: number, c: Parameters<typeof asked>[0]) => n + asked(c), 0)).toBe(3);
    // The paper's figures still count every question: an unreached one is unattempted.
    expect(result).toMatchObject({ unattempted: 8, maxScore: 9, timeTakenSeconds: 300 });
  });
});

describe('the bank PO demo paper', () => {
  it('delivers its first section of 20 at the start, and its third only 40 minutes in', async () => {
    await seedDemoUsers(t.db, systemClock);
    await seedDemoQuestions(t.db, systemClock);
    await seedDemoTests(t.db, systemClock);
    const { auth } = await signedInUser(t.app, t.db);
    const on = { ...auth, 'x-device-id': 'phone' };
    const attempt = (await call('POST', '/api/tests/ibps-po-prelims-mock-1/attempts', on)).json().data as Attempt;
    expect(attempt.sections.map((s) => [s.title, s.questionCount])).toEqual([
      ['English Language', 20],
      ['Quantitative Aptitude', 20],
      ['Reasoning Ability', 20],
    ]);
    expect(attempt.questions.map((q) => q.sectionId)).toEqual(Array(20).fill(attempt.sections[0]!.id));
    clock.advance(40 * MIN);
    const third = await get(attempt.id, on);
    expect(third.questions.map((q) => q.sectionId)).toEqual(Array(20).fill(attempt.sections[2]!.id));
    expect(third.questions.map((q) => q.number)).toEqual(Array.from({ length: 20 }, (_, i) => 41 + i));
  });
});

describe('the grace after a locked section closes', () => {
  it('takes saves made before the close within the grace, and refuses new work, claims past the close and anything after the grace', async () => {
    const { on, attempt, startedAt, ids } = await bankPaper();
    const close = startedAt + 20 * MIN;
    // A first save, so the later ones take the lean path that skips reading the attempt.
    expect((await save(attempt.id, ids[0]![0]!, { optionIds: ['B'], markedForReview: false, seq: 1 }, on())).statusCode).toBe(200);

    clock.advance(20 * MIN + 10_000);
    const madeBefore = { optionIds: ['A'], markedForReview: false, seq: 2, savedAt: iso(close - 3_000) };
    expect((await save(attempt.id, ids[0]![1]!, madeBefore, on())).json().data).toMatchObject({ applied: true, optionIds: ['A'] });

    const refused = [
      // No time said: new work after the close.
      { optionIds: ['C'], markedForReview: false, seq: 3 },
      // A time after the close.
      { optionIds: ['C'], markedForReview: false, seq: 3, savedAt: iso(close + 1) },
    ];
    for (const body of refused) {
      expect((await save(attempt.id, ids[0]![2]!, body, on())).json()).toMatchObject({ statusCode: 409, code: 'SECTION_LOCKED', message: `This section closed at ${clockTime(close)}: its answers can no longer be changed` });
    }

    // Past the grace, whatever time is claimed.
    clock.advance(20_001);
    expect((await save(attempt.id, ids[0]![2]!, { optionIds: ['C'], markedForReview: false, seq: 4, savedAt: iso(close - 1_000) }, on())).json().code).toBe('SECTION_LOCKED');
    const stored = await t.db.selectFrom('attempt_answers').select(['question_id', 'choice']).where('attempt_id', '=', attempt.id).execute();
    expect(Object.fromEntries(stored.map((a) => [a.question_id, a.choice]))).toEqual({ [ids[0]![0]!]: '[1]', [ids[0]![1]!]: '[0]' });
  });

  it('refuses a late save numbered after something the device did in the next section, whatever time it claims', async () => {
    const { on, attempt, startedAt, ids } = await bankPaper();
    const close = startedAt + 20 * MIN;
    clock.advance(20 * MIN + 5_000);
    expect((await save(attempt.id, ids[1]![0]!, { optionIds: ['A'], markedForReview: false, seq: 10 }, on())).statusCode).toBe(200);
    const claimed = iso(close - 2_000);
    const after = await save(attempt.id, ids[0]![0]!, { optionIds: ['A'], markedForReview: false, seq: 11, savedAt: claimed }, on());
    expect(after.json()).toMatchObject({ statusCode: 409, code: 'SECTION_LOCKED' });
    // Queued on the device before it: sent late, still counted.
    expect((await save(attempt.id, ids[0]![1]!, { optionIds: ['B'], markedForReview: false, seq: 9, savedAt: claimed }, on())).statusCode).toBe(200);
  });

  it('holds the same at the attempt’s end: within the grace, only saves made before it', async () => {
    const { on, attempt, startedAt, ids } = await bankPaper();
    const end = startedAt + 60 * MIN;
    clock.advance(60 * MIN + 5_000);
    expect((await save(attempt.id, ids[2]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1 }, on())).json()).toMatchObject({
      statusCode: 409,
      code: 'ATTEMPT_CLOSED',
      message: `Time is up: the attempt ended at ${clockTime(end)}, and answers after it are not counted`,
    });
    expect((await save(attempt.id, ids[2]![0]!, { optionIds: ['A'], markedForReview: false, seq: 2, savedAt: iso(end - 500) }, on())).statusCode).toBe(200);
  });

  it('answers 400 for a savedAt that is not a time', async () => {
    const { on, attempt, ids } = await bankPaper();
    const res = await save(attempt.id, ids[0]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1, savedAt: 'yesterday' }, on());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('savedAt must be an ISO date and time') });
  });
});
