import { questionInputSchema, type AdminQuestion, type Attempt, type AttemptResult, type QuestionVersion, type QuestionVersionSummary, type ReviewQuestion } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

/**
 * Questions keep their history: an attempt keeps the version of each question it was given, whatever
 * editors change later, and a used question is archived, never deleted.
 */
const clock = testClock(Date.UTC(2026, 10, 27, 9, 0, 0));
let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  editor = (await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Editor' })).auth;
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => call(method, `/api/admin/questions${path}`, editor, payload);

async function candidate(): Promise<Headers> {
  return { ...(await signedInUser(t.app, t.db)).auth, 'x-device-id': 'desk' };
}

/** The editor's input for a question as it stands, with changes. */
function inputOf(q: AdminQuestion, changes: Partial<{ stem: string; key: number[]; marks: number; difficulty: 'easy' | 'medium' | 'hard'; options: string[] }> = {}) {
  return questionInputSchema.parse({
    type: q.type,
    stem: changes.stem ?? q.stem,
    explanation: q.explanation ?? undefined,
    difficulty: changes.difficulty ?? q.difficulty,
    marks: changes.marks ?? q.marks,
    categoryPath: q.categoryPath ?? undefined,
    options: q.options.map((o, i) => ({ text: changes.options?.[i] ?? o.text, correct: changes.key ? changes.key.includes(i) : o.correct })),
  });
}

const versions = async (id: string) => (await admin('GET', `/${id}/versions`)).json().data as QuestionVersionSummary[];

/** A candidate takes a one-question test and answers `optionId`; answers the attempt. */
async function takeOneQuestionTest(questionId: string, optionId: string) {
  const test = await makeTest(t.db, { sections: [{ questionIds: [questionId], marks: 4, negativeMarks: 1 }] });
  const headers = await candidate();
  const attempt = (await call('POST', `/api/tests/${test.slug}/attempts`, headers)).json().data as Attempt;
  clock.advance(60_000);
  expect((await call('PUT', `/api/attempts/${attempt.id}/answers/${questionId}`, headers, { optionIds: [optionId], markedForReview: false, seq: 1 })).statusCode).toBe(200);
  return { test, headers, attempt };
}

describe('question versions', () => {
  it('rewrites the only version of a question no attempt has used', async () => {
    const q = await makeQuestion(t.db, { key: [0] });
    const res = await admin('PUT', `/${q.id}`, inputOf(q, { stem: 'A better worded question?' }));
    expect(res.json().data).toMatchObject({ version: 1, stem: 'A better worded question?' });
    const history = await versions(q.id);
    expect(history).toMatchObject([{ version: 1, current: true, firstUsedAt: null, changes: [], author: { name: 'Meera Editor' } }]);
    expect((await admin('GET', `/${q.id}/versions/1`)).json().data.stem).toBe('A better worded question?');
  });

  it('keeps the version an attempt was given: its review, result and score stay as they were, new attempts take the new one', async () => {
    const q = await makeQuestion(t.db, { key: [0], stem: 'What is 2 + 2? (first wording)' });
    const first = await takeOneQuestionTest(q.id, 'A');
    const result = (await call('POST', `/api/attempts/${first.attempt.id}/submit`, first.headers)).json().data as AttemptResult;
    expect(result.score).toBe(4);

    // The editor rewords it and moves the key to B: a new version; the one taken is kept.
    const edited = await admin('PUT', `/${q.id}`, inputOf(q, { stem: 'What is 2 + 3? (second wording)', key: [1] }));
    expect(edited.json().data).toMatchObject({ version: 2, stem: 'What is 2 + 3? (second wording)' });
    const history = await versions(q.id);
    expect(history.map((v) => [v.version, v.current, v.changes])).toEqual([
      [2, true, ['stem', 'key']],
      [1, false, []],
    ]);
    expect(history[1]!.firstUsedAt).toBe(new Date(Date.UTC(2026, 10, 27, 9, 0, 0)).toISOString());
    const v1 = (await admin('GET', `/${q.id}/versions/1`)).json().data as QuestionVersion;
    expect(v1).toMatchObject({ version: 1, stem: 'What is 2 + 2? (first wording)', current: false });
    expect(v1.options.map((o) => o.correct)).toEqual([true, false, false, false]);

    // The first candidate's review and result read as they did.
    const review = (await call('GET', `/api/attempts/${first.attempt.id}/review`, first.headers)).json().data.questions as ReviewQuestion[];
    expect(review[0]).toMatchObject({ stemHtml: expect.stringContaining('first wording'), correctOptionIds: ['A'], optionIds: ['A'], isCorrect: true, mark: 4 });
    expect((await call('GET', `/api/attempts/${first.attempt.id}/result`, first.headers)).json().data.score).toBe(4);

    // A new attempt is given version 2, and is marked by its key.
    const second = await takeOneQuestionTest(q.id, 'A');
    expect((await call('GET', `/api/attempts/${second.attempt.id}`, second.headers)).json().data.questions[0].stemHtml).toContain('second wording');
    expect(((await call('POST', `/api/attempts/${second.attempt.id}/submit`, second.headers)).json().data as AttemptResult).score).toBe(-1);
    const secondReview = (await call('GET', `/api/attempts/${second.attempt.id}/review`, second.headers)).json().data.questions as ReviewQuestion[];
    expect(secondReview[0]).toMatchObject({ correctOptionIds: ['B'], isCorrect: false });

    // An open attempt given version 2 is marked by version 2 even after a third.
    const third = await takeOneQuestionTest(q.id, 'B');
    await admin('PUT', `/${q.id}`, inputOf({ ...q, stem: 'What is 2 + 3? (second wording)' }, { key: [2] }));
    expect(((await call('POST', `/api/attempts/${third.attempt.id}/submit`, third.headers)).json().data as AttemptResult).score).toBe(4);
    expect((await versions(q.id)).map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('writes no version for a change of what candidates are not shown', async () => {
    const q = await makeQuestion(t.db, { key: [0] });
    await takeOneQuestionTest(q.id, 'A');
    const res = await admin('PUT', `/${q.id}`, inputOf(q, { difficulty: 'hard' }));
    expect(res.json().data).toMatchObject({ version: 1, difficulty: 'hard' });
    expect(await versions(q.id)).toHaveLength(1);
  });

  it('gives practice the current version and keeps a session on the one it was given', async () => {
    const q = await makeQuestion(t.db, { key: [0], categoryPath: 'Versions/Practice', stem: 'Practice me (first)' });
    const headers = await candidate();
    const session = (await call('POST', '/api/practice/sessions', headers, { source: 'bank', count: 5, category: 'Versions/Practice' })).json().data;
    await admin('PUT', `/${q.id}`, inputOf(q, { stem: 'Practice me (second)', key: [1] }));
    // Options are shuffled per session: the one shown for the first option in the bank was the key.
    const shown = session.questions[0].options.find((o: { id: string; html: string }) => o.html.includes(q.options[0]!.text)).id;
    const feedback = (await call('POST', `/api/practice/sessions/${session.id}/answers`, headers, { questionId: q.id, optionIds: [shown] })).json().data;
    expect(feedback).toMatchObject({ isCorrect: true, correctOptionIds: [shown] });
    const fresh = (await call('POST', '/api/practice/sessions', await candidate(), { source: 'bank', count: 5, category: 'Versions/Practice' })).json().data;
    expect(fresh.questions[0].stemHtml).toContain('Practice me (second)');
  });

  it('archives a used question on delete and keeps it for its attempts; deletes an unused one', async () => {
    const used = await makeQuestion(t.db, { key: [0], categoryPath: 'Versions/Archive' });
    const unused = await makeQuestion(t.db, { key: [0], categoryPath: 'Versions/Archive' });
    const { attempt, headers } = await takeOneQuestionTest(used.id, 'A');
    await call('POST', `/api/attempts/${attempt.id}/submit`, headers);

    expect((await admin('POST', '/bulk', { ids: [used.id, unused.id], action: 'delete' })).json()).toEqual({ affected: 2, archived: 1 });
    expect((await admin('GET', `/${unused.id}`)).statusCode).toBe(404);
    expect((await admin('GET', `/${used.id}`)).json().data.status).toBe('archived');
    const listed = (path: string) => admin('GET', path).then((r) => (r.json().data as AdminQuestion[]).map((q) => q.id));
    expect(await listed('?category=Versions/Archive')).toEqual([]);
    expect(await listed('?category=Versions/Archive&status=archived')).toEqual([used.id]);

    // The attempt reads as it did; practice no longer offers the question; no test may list it.
    const review = (await call('GET', `/api/attempts/${attempt.id}/review`, headers)).json().data.questions as ReviewQuestion[];
    expect(review[0]).toMatchObject({ questionId: used.id, isCorrect: true });
    const practice = await call('POST', '/api/practice/sessions', await candidate(), { source: 'bank', count: 5, category: 'Versions/Archive' });
    expect(practice.json()).toMatchObject({ statusCode: 409 });
    const test = await call('POST', '/api/admin/tests', editor, { title: 'Uses an archived question', durationMinutes: 10, sections: [{ title: 'A', marks: 1, questionIds: [used.id] }] });
    expect(test.json()).toMatchObject({ statusCode: 400, details: [{ field: 'sections.0.questionIds', message: expect.stringContaining('archived') }] });

    // An archived question is not edited until restored; deleting it again changes nothing.
    expect((await admin('PUT', `/${used.id}`, inputOf(used, { stem: 'Changed while archived' }))).statusCode).toBe(409);
    expect((await admin('POST', '/bulk', { ids: [used.id], action: 'delete' })).json()).toEqual({ affected: 0, archived: 0 });
    expect((await admin('POST', '/bulk', { ids: [used.id], action: 'restore' })).json()).toEqual({ affected: 1, archived: 0 });
    expect((await admin('GET', `/${used.id}`)).json().data.status).toBe('draft');
  });

  it('refuses to delete an unused question a test lists, and the database refuses to delete a used one', async () => {
    const listed = await makeQuestion(t.db, { key: [0] });
    await makeTest(t.db, { sections: [{ questionIds: [listed.id] }] });
    expect((await admin('POST', '/bulk', { ids: [listed.id], action: 'delete' })).json()).toMatchObject({ statusCode: 409, message: 'A test lists one of these questions: take it out of the test first' });
    expect((await admin('GET', `/${listed.id}`)).statusCode).toBe(200);

    const used = await makeQuestion(t.db, { key: [0] });
    await takeOneQuestionTest(used.id, 'A');
    await expect(t.db.deleteFrom('questions').where('id', '=', used.id).execute()).rejects.toThrow();
  });

  it('answers 404 for an unknown question or version and 400 for a malformed one', async () => {
    const q = await makeQuestion(t.db, { key: [0] });
    expect((await admin('GET', `/${q.id}/versions/2`)).json()).toMatchObject({ statusCode: 404, message: 'Question version not found' });
    expect((await admin('GET', '/no-such-question/versions')).json()).toMatchObject({ statusCode: 404, message: 'Question not found' });
    expect((await admin('GET', `/${q.id}/versions/first`)).statusCode).toBe(400);
    expect((await admin('GET', `/${q.id}/versions/0`)).statusCode).toBe(400);
    const headers = await candidate();
    expect((await call('GET', `/api/admin/questions/${q.id}/versions`, headers)).statusCode).toBe(403);
  });
});
