import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRecord, auditCount, auditRecords, refuseAuditRecords } from '../../../test/audit-trail.js';
import { makeTopic } from '../../../test/content-factories.js';
import { PASSWORD, signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof signedInUser>>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Iyer', email: 'meera.iyer@example.com' });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
});
afterAll(async () => t.close());

const api = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url: `/api/admin/questions${url}`, headers: editor.auth, payload });
const records = (query: Record<string, string>) => auditRecords(t.app, admin, query);
const byEditor = () => ({ id: editor.user.id, name: 'Meera Iyer', email: 'meera.iyer@example.com', role: 'editor' });
let n = 0;
const input = (over: object = {}) => {
  n += 1;
  return {
    type: 'single',
    stem: `What is 25% of ${80 * n}?`,
    options: [
      { text: `${20 * n}`, correct: true, feedback: 'A quarter.' },
      { text: `${25 * n}`, correct: false },
      { text: `${16 * n}`, correct: false },
    ],
    categoryPath: 'SSC/Quant/Percentages',
    ...over,
  };
};
async function created(over: object = {}): Promise<string> {
  const res = await api('POST', '', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const bulk = (ids: string[], action: string) => api('POST', '/bulk', { ids, action });

describe('the audit trail of the question bank', () => {
  it('records a question created by an editor: the request, and the question as it reads and is marked', async () => {
    const topic = await makeTopic(t.db, { title: 'Percentages' });
    const stem = `A shopkeeper marks his goods 40% above the cost price and then gives a discount of 25% on the marked price. ${'What is his gain or loss per cent? '.repeat(2)}`;
    const res = await api('POST', '', input({ stem, topicId: topic.id, marks: 2, negativeMarks: 0.5, difficulty: 'hard' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;

    const [record, ...more] = await records({ objectId: id });
    expect(more).toEqual([]);
    expect(record).toEqual(aRecord({
      actor: byEditor(),
      kind: 'question.created',
      object: { type: 'question', id, label: `${stem.slice(0, 80)}…` },
      before: null,
      after: {
        type: 'single',
        stem: stem.trim(),
        options: [`${20 * n}`, `${25 * n}`, `${16 * n}`],
        correct: ['A'],
        marks: 2,
        negativeMarks: 0.5,
        marking: 'partial',
        difficulty: 'hard',
        category: 'SSC/Quant/Percentages',
        topic: 'Percentages',
        status: 'draft',
      },
      requestId: res.headers['x-request-id'],
    }));
  });

  it('records an edit with only the fields it changed', async () => {
    const id = await created({ stem: 'Which of these is a prime number?', options: [{ text: '9', correct: false }, { text: '11', correct: true }, { text: '15', correct: false }] });
    const res = await api('PUT', `/${id}`, {
      type: 'single',
      stem: 'Which of these is a prime number?',
      options: [{ text: '9', correct: false }, { text: '11', correct: false }, { text: '13', correct: true }],
      categoryPath: 'SSC/Quant/Percentages',
      marks: 3,
    });
    expect(res.statusCode).toBe(200);
    const [edit] = await records({ objectId: id, kind: 'question.updated' });
    expect(edit).toMatchObject({
      actor: byEditor(),
      object: { type: 'question', id, label: 'Which of these is a prime number?' },
      before: { options: ['9', '11', '15'], correct: ['B'], marks: 1 },
      after: { options: ['9', '11', '13'], correct: ['C'], marks: 3 },
      requestId: res.headers['x-request-id'],
    });
  });

  it('records nothing for a change refused: an unknown question, an identical one, a topic that does not exist', async () => {
    const before = await auditCount(t.app, admin);
    const question = input();
    expect((await api('POST', '', question)).statusCode).toBe(201);
    const after = await auditCount(t.app, admin);
    expect(after).toBe(before + 1);
    expect((await api('POST', '', question)).statusCode).toBe(409);
    expect((await api('PUT', '/0190a4c1-0000-7000-8000-000000000000', input())).statusCode).toBe(404);
    expect((await api('POST', '', input({ topicId: '0190a4c1-0000-7000-8000-000000000001' }))).statusCode).toBe(400);
    expect(await auditCount(t.app, admin)).toBe(after);
  });

  it('records a bulk publish and unpublish once per question it changed', async () => {
    const [a, b] = [await created(), await created()];
    expect((await bulk([a], 'publish')).statusCode).toBe(200);
    const res = await bulk([a, b, '0190a4c1-0000-7000-8000-000000000002'], 'publish');
    expect(res.json()).toEqual({ affected: 1, archived: 0 });
    expect((await records({ objectId: a, kind: 'questions.bulk_changed' })).map((r) => r.requestId)).not.toContain(res.headers['x-request-id']);
    expect(await records({ objectId: b, kind: 'questions.bulk_changed' })).toMatchObject([
      { actor: byEditor(), object: { type: 'question', id: b }, before: { status: 'draft' }, after: { status: 'published' }, requestId: res.headers['x-request-id'] },
    ]);
    await bulk([b], 'unpublish');
    expect((await records({ objectId: b, kind: 'questions.bulk_changed' }))[0]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('records each question a bulk delete removes, with what it said', async () => {
    const ids = [await created({ stem: 'Delete me first' }), await created({ stem: 'Delete me second' })];
    const res = await bulk(ids, 'delete');
    expect(res.json()).toEqual({ affected: 2, archived: 0 });
    for (const [i, id] of ids.entries()) {
      const trail = await records({ objectId: id });
      expect(trail.map((r) => r.kind)).toEqual(['question.deleted', 'question.created']);
      expect(trail[0]).toMatchObject({ actor: byEditor(), object: { label: i === 0 ? 'Delete me first' : 'Delete me second' }, after: null, requestId: res.headers['x-request-id'] });
      expect(trail[0]!.before).toEqual(trail[1]!.after);
    }
  });

  it('rolls a change back with its record: a delete whose record cannot be written deletes nothing', async () => {
    const id = await created();
    const allow = await refuseAuditRecords(t.db, 'question.deleted');
    try {
      expect((await bulk([id], 'delete')).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/questions/${id}`, headers: editor.auth })).statusCode).toBe(200);
    expect((await records({ objectId: id })).map((r) => r.kind)).toEqual(['question.created']);
  });

  it('records an import that wrote questions once, with its file, format and counts; a dry run and a file of duplicates record nothing', async () => {
    const file = '::Q1:: What is 2 + 2? {=4 ~5 ~6}\n\n::Q2:: What is 3 + 3? {=6 ~7 ~8}\n\n::Q3:: What is 2 + 2? {=4 ~5 ~6}\n';
    const upload = (dryRun: boolean) =>
      t.app.inject({ method: 'POST', url: `/api/admin/questions/import?format=gift&fileName=sums.gift&category=Maths&dryRun=${dryRun}`, headers: { ...editor.auth, 'content-type': 'text/plain' }, payload: file });
    const count = await auditCount(t.app, admin);
    expect((await upload(true)).json()).toMatchObject({ dryRun: true, imported: 2 });
    expect(await auditCount(t.app, admin)).toBe(count);

    const res = await upload(false);
    expect(res.json()).toMatchObject({ dryRun: false, imported: 2, duplicates: 1 });
    expect(await records({ kind: 'questions.imported' })).toEqual([
      aRecord({
        actor: byEditor(),
        kind: 'questions.imported',
        object: { type: 'question', id: null, label: 'sums.gift' },
        before: null,
        after: { file: 'sums.gift', format: 'gift', category: 'Maths', imported: 2, duplicates: 1, skipped: 0, errors: 0, images: 0, status: 'draft' },
        requestId: res.headers['x-request-id'],
      }),
    ]);
    expect((await upload(false)).json()).toMatchObject({ imported: 0, duplicates: 3 });
    expect(await auditCount(t.app, admin)).toBe(count + 1);
  });

  it('keeps no secret in any record', async () => {
    const trail = JSON.stringify(await records({}));
    expect(trail).toContain('question.created');
    for (const secret of [editor.token, PASSWORD, '$argon', '$scrypt']) expect(trail).not.toContain(secret);
  });
});
