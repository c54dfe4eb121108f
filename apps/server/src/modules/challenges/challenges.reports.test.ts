import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { makeQuestion } from '../../../test/practice-factories.js';
import { useTestForContest } from '../papers/papers.service.js';

/**
 * A problem report that names no attempt (docs/PRODUCT.md §8.10) is taken only of a question practice
 * offers the person now; any other question is not found, so the report tells nothing of drafts,
 * archived questions, contest papers' own questions or questions whose key is withheld.
 */
const clock = testClock(Date.UTC(2026, 10, 27, 9, 0, 0));
let t: TestApp;
let editor: Record<string, string>;
let candidate: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
  candidate = { ...(await signedInUser(t.app, t.db)).auth, 'x-device-id': 'desk' };
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const report = (questionId: string) => call('POST', `/api/questions/${questionId}/reports`, candidate, { reason: 'error_in_question', comment: 'Option C reads oddly' });
/** The questions a bank session in this category serves the candidate; empty when it is refused. */
async function practised(category: string): Promise<string[]> {
  const res = await call('POST', '/api/practice/sessions', candidate, { source: 'bank', count: 10, category });
  return res.statusCode === 201 ? (res.json().data.questions as { questionId: string }[]).map((q) => q.questionId) : [];
}

async function expectNotFound(questionId: string) {
  const res = await report(questionId);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Question not found' });
}

describe('reports naming no attempt', () => {
  it('are taken of a published question practice offers', async () => {
    const id = await makeQuestion(t.db, { categoryPath: 'Reports/Offered' });
    expect(await practised('Reports/Offered')).toEqual([id]);
    const res = await report(id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'report', questionId: id, version: 1, attemptId: null, test: null, status: 'open' });
  });

  it('find no draft', async () => {
    const id = await makeQuestion(t.db, { categoryPath: 'Reports/Draft', draft: true });
    await expectNotFound(id);
  });

  it('find no archived question, though its practice session keeps it', async () => {
    const id = await makeQuestion(t.db, { categoryPath: 'Reports/Archived' });
    expect(await practised('Reports/Archived')).toEqual([id]);
    expect((await call('POST', '/api/admin/questions/bulk', editor, { ids: [id], action: 'delete' })).json()).toEqual({ affected: 1, archived: 1 });
    await expectNotFound(id);
  });

  it("find no question of a contest paper's own category, which practice never offers", async () => {
    const id = await makeQuestion(t.db, { categoryPath: 'Contests/Weekly 12' });
    const paper = await makeTest(t.db, { sections: [{ questionIds: [id] }] });
    expect(await useTestForContest({ db: t.db, clock }, paper.id, true)).toBe(true);
    expect(await practised('Contests')).toEqual([]);
    await expectNotFound(id);
  });

  it('find no question whose key a test still withholds, until its answers are shown', async () => {
    const id = await makeQuestion(t.db, { categoryPath: 'Reports/Dated' });
    await makeTest(t.db, { revealMode: 'date', revealAt: new Date(clock.now() + 3_600_000).toISOString(), sections: [{ questionIds: [id] }] });
    expect(await practised('Reports/Dated')).toEqual([]);
    await expectNotFound(id);
    clock.advance(3_600_000);
    expect(await practised('Reports/Dated')).toEqual([id]);
    expect((await report(id)).statusCode).toBe(201);
  });
});
