import type { Attempt, AttemptView, PracticeFeedback, PracticeSession, ReviewQuestion } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

/**
 * The exam in the candidate's language: an attempt carries each question in every language it has,
 * options under the same letters, and keeps the languages its candidate reads it in.
 */
const clock = testClock(Date.UTC(2026, 10, 28, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function candidate() {
  const { auth } = await signedInUser(t.app, t.db);
  return { auth, on: (device = 'desk'): Headers => ({ ...auth, 'x-device-id': device }) };
}

let n = 0;
/** A published question in English with its Hindi: key the first option; option i reads "Option i" and "विकल्प i". */
async function bilingualQuestion(categoryPath = 'Languages/Exam') {
  n += 1;
  return makeQuestion(t.db, {
    stem: `Which option is right? (${n})`,
    explanation: 'Because the first is right.',
    categoryPath,
    translation: {
      language: 'hi',
      stem: `कौन-सा विकल्प सही है? (${n})`,
      explanation: 'क्योंकि पहला सही है।',
      options: [1, 2, 3, 4].map((i) => ({ text: `विकल्प ${i} (${n})` })),
    },
    options: [1, 2, 3, 4].map((i) => ({ text: `Option ${i} (${n})`, correct: i === 1 })),
  });
}

async function bilingualTest(over: { languages?: ('en' | 'hi')[] } = {}) {
  const questions = [await bilingualQuestion(), await bilingualQuestion()];
  const test = await makeTest(t.db, { languages: over.languages ?? ['en', 'hi'], shuffleOptions: true, sections: [{ questionIds: questions.map((q) => q.id) }] });
  return { test, questions };
}

const start = async (slug: string, headers: Headers, body?: object) => {
  const res = await call('POST', `/api/tests/${slug}/attempts`, headers, body);
  return { res, attempt: res.json().data as Attempt };
};
const putView = (attemptId: string, headers: Headers, view: object) => call('PUT', `/api/attempts/${attemptId}/view`, headers, view);

/** Nothing that tells the key, in either language: no correct flag, fraction or explanation. */
const KEY_LEAK = /"correct"\s*:|fraction|explanation|Because the first|क्योंकि पहला|correctOptionIds/i;

describe('an attempt in two languages', () => {
  it('carries each question in both its languages, options under the same letters in the order shown, and no key in either', async () => {
    const { test } = await bilingualTest();
    const c = await candidate();
    const { res, attempt } = await start(test.slug, c.on(), { language: 'hi' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toMatch(KEY_LEAK);
    expect(attempt.test?.languages).toEqual(['en', 'hi']);
    expect(attempt.view).toEqual({ language: 'hi', questions: {} });
    for (const q of attempt.questions) {
      expect(q.language).toBe('en');
      expect(q.translation?.language).toBe('hi');
      expect(q.translation?.stemHtml).toMatch(/^<p>कौन-सा विकल्प सही है\?/);
      expect(q.translation!.options.map((o) => o.id)).toEqual(q.options.map((o) => o.id));
      // The Hindi under each letter is the same option as the English under it.
      const english = q.options.map((o) => /Option (\d)/.exec(o.html)![1]);
      expect(q.translation!.options.map((o) => /विकल्प (\d)/.exec(o.html)![1])).toEqual(english);
    }
    // Shuffled from the seed: an answer is the same letter whichever language shows it.
    const first = attempt.questions[0]!;
    const letter = first.translation!.options.find((o) => o.html.includes('विकल्प 1 '))!.id;
    expect(first.options.find((o) => o.id === letter)!.html).toContain('Option 1 ');
    await call('PUT', `/api/attempts/${attempt.id}/answers/${first.questionId}`, c.on(), { optionIds: [letter], markedForReview: false, seq: 1 });
    const resumed = await call('GET', `/api/attempts/${attempt.id}`, c.on());
    expect(resumed.body).not.toMatch(KEY_LEAK);
    expect((resumed.json().data as Attempt).questions).toEqual(attempt.questions);
  });

  it('starts in the language chosen when the test offers it, else in the test’s first', async () => {
    const both = await bilingualTest({ languages: ['hi', 'en'] });
    const english = await bilingualTest({ languages: ['en'] });
    const c = await candidate();
    expect((await start(both.test.slug, c.on())).attempt.view).toEqual({ language: 'hi', questions: {} });
    expect((await start(english.test.slug, c.on(), { language: 'hi' })).attempt.view).toEqual({ language: 'en', questions: {} });
    const other = await candidate();
    for (const body of [{ language: 'fr' }, { language: 'hi', extra: 1 }, { language: null }]) {
      const refused = await start(both.test.slug, other.on(), body);
      expect(refused.res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await t.db.selectFrom('attempts').select('id').where('test_id', '=', both.test.id).execute()).toHaveLength(1);
  });

  it('shows a question in its own language alone when it has no other', async () => {
    const q = await makeQuestion(t.db, { categoryPath: 'Languages/Single' });
    const test = await makeTest(t.db, { sections: [{ questionIds: [q.id] }] });
    const { attempt } = await start(test.slug, (await candidate()).on());
    expect(attempt.questions[0]).toMatchObject({ language: 'en', translation: null });
  });
});

describe('the view of an attempt', () => {
  it('keeps the default and each question’s language for the owner’s writing device, and another device continues in them', async () => {
    const { test } = await bilingualTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on(), { language: 'en' });
    const [q1, q2] = attempt.questions.map((q) => q.questionId);
    const view: AttemptView = { language: 'en', questions: { [q2!]: 'hi' } };
    const res = await putView(attempt.id, c.on(), view);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: view, serverTime: new Date(clock.now()).toISOString() });
    // The last change wins, whole.
    expect((await putView(attempt.id, c.on(), { language: 'hi', questions: { [q1!]: 'en' } })).json().data).toEqual({ language: 'hi', questions: { [q1!]: 'en' } });
    expect((await putView(attempt.id, c.on(), { language: 'hi' })).json().data).toEqual({ language: 'hi', questions: {} });
    await putView(attempt.id, c.on(), view);
    expect(((await call('GET', `/api/attempts/${attempt.id}`, c.on())).json().data as Attempt).view).toEqual(view);

    // Taken over: the new device gets the view; the old one may no longer change it.
    const taken = await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('phone'));
    expect((taken.json().data as Attempt).view).toEqual(view);
    const stale = await putView(attempt.id, c.on(), { language: 'hi', questions: {} });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'ATTEMPT_TAKEN_OVER' });
    expect((await putView(attempt.id, c.on('phone'), { language: 'hi', questions: {} })).statusCode).toBe(200);
  });

  it('is the owner’s alone (404 to another candidate, 401 signed out) and closes with the attempt (409)', async () => {
    const { test } = await bilingualTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const stranger = await candidate();
    const foreign = await putView(attempt.id, stranger.on(), { language: 'hi', questions: {} });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Attempt not found' });
    expect((await putView('no-such-attempt', c.on(), { language: 'hi', questions: {} })).statusCode).toBe(404);
    expect((await call('PUT', `/api/attempts/${attempt.id}/view`, {}, { language: 'hi', questions: {} })).statusCode).toBe(401);

    await call('POST', `/api/attempts/${attempt.id}/submit`, c.on());
    const closed = await putView(attempt.id, c.on(), { language: 'hi', questions: {} });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'ATTEMPT_CLOSED', message: 'This attempt has been submitted: its view no longer changes' });
    expect(((await call('GET', `/api/attempts/${attempt.id}`, c.on())).json().data as Attempt).view).toEqual({ language: 'en', questions: {} });
  });

  it('refuses a language the test is not offered in, a question not in the attempt and malformed views (400), changing nothing', async () => {
    const { test } = await bilingualTest({ languages: ['en'] });
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on());
    const [q1] = attempt.questions.map((q) => q.questionId);
    const cases: [object, string?, string?][] = [
      [{ language: 'hi', questions: {} }, 'language', 'This test is offered in English only'],
      [{ language: 'en', questions: { [q1!]: 'hi' } }, `questions.${q1}`, 'This test is offered in English only'],
      [{ language: 'en', questions: { 'not-a-question': 'en' } }, 'questions.not-a-question', 'This question is not part of the attempt'],
      [{ language: 'fr', questions: {} }],
      [{ language: 'en', questions: { [q1!]: 'fr' } }],
      [{ language: 'en', questions: { ['x'.repeat(65)]: 'en' } }],
      [{ language: 'en', questions: [] }],
      [{ language: 'en', questions: {}, extra: true }],
      [{ questions: {} }],
      [{ language: 'en', questions: Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`q${i}`, 'en'])) }],
    ];
    for (const [body, field, message] of cases) {
      const res = await putView(attempt.id, c.on(), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      if (field) expect(res.json().details).toEqual([{ field, message }]);
    }
    expect((await call('PUT', `/api/attempts/${attempt.id}/view`, c.on(), undefined)).statusCode).toBe(400);
    expect(((await call('GET', `/api/attempts/${attempt.id}`, c.on())).json().data as Attempt).view).toEqual({ language: 'en', questions: {} });
  });

  it('says its refusals in Hindi to a candidate reading Hindi, the languages named in Hindi', async () => {
    const { test } = await bilingualTest({ languages: ['hi'] });
    const c = await candidate();
    const hindi = { ...c.on(), 'accept-language': 'hi' };
    const { attempt } = await start(test.slug, c.on());
    const refused = await putView(attempt.id, hindi, { language: 'en', questions: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'language: यह टेस्ट केवल हिंदी में उपलब्ध है',
      details: [{ field: 'language', message: 'यह टेस्ट केवल हिंदी में उपलब्ध है' }],
    });

    await call('POST', `/api/attempts/${attempt.id}/submit`, c.on());
    const closed = await putView(attempt.id, hindi, { language: 'hi', questions: {} });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ statusCode: 409, code: 'ATTEMPT_CLOSED', message: 'यह प्रयास सबमिट हो चुका है: अब इसकी भाषा नहीं बदली जा सकती' });
  });
});

describe('after the attempt, in both languages', () => {
  it('reviews each question with its explanation in both languages, the key under the same letters', async () => {
    const { test } = await bilingualTest();
    const c = await candidate();
    const { attempt } = await start(test.slug, c.on(), { language: 'hi' });
    await call('POST', `/api/attempts/${attempt.id}/submit`, c.on());
    const review = await call('GET', `/api/attempts/${attempt.id}/review`, c.on());
    expect(review.statusCode).toBe(200);
    for (const q of review.json().data.questions as ReviewQuestion[]) {
      expect(q).toMatchObject({ language: 'en', explanationHtml: '<p>Because the first is right.</p>\n' });
      expect(q.translation).toMatchObject({ language: 'hi', explanationHtml: '<p>क्योंकि पहला सही है।</p>\n' });
      expect(q.translation!.options.map((o) => o.id)).toEqual(q.options.map((o) => o.id));
      const right = q.options.find((o) => o.correct)!;
      expect(q.correctOptionIds).toEqual([right.id]);
      expect(q.translation!.options.find((o) => o.id === right.id)!.html).toContain('विकल्प 1 ');
    }
  });

  it('gives practice feedback the explanation in the question’s other language', async () => {
    const q = await bilingualQuestion('Languages/Practice');
    const c = await candidate();
    const started = await call('POST', '/api/practice/sessions', c.auth, { source: 'bank', count: 5, questionIds: [q.id] });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json().data as PracticeSession;
    // The session counts answers right ("correct": 0); nothing of the key or explanation shows before an answer.
    expect(started.body).not.toMatch(/fraction|explanation|Because the first|क्योंकि पहला|correctOptionIds/i);
    expect(session.questions[0]).toMatchObject({ language: 'en', translation: { language: 'hi' } });
    const letter = session.questions[0]!.translation!.options.find((o) => o.html.includes('विकल्प 1 '))!.id;
    const feedback = (await call('POST', `/api/practice/sessions/${session.id}/answers`, c.auth, { questionId: q.id, optionIds: [letter] })).json().data as PracticeFeedback;
    expect(feedback).toMatchObject({ isCorrect: true, explanationHtml: '<p>Because the first is right.</p>\n', translation: { language: 'hi', explanationHtml: '<p>क्योंकि पहला सही है।</p>\n' } });
  });
});
