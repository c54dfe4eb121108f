import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions } from '../../../test/attempt-factories.js';
import { aRecord, auditCount, auditRecords, refuseAuditRecords } from '../../../test/audit-trail.js';
import { makeContest } from '../../../test/contest-factories.js';
import { PASSWORD, signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof signedInUser>>;
let admin: Record<string, string>;
let fixed: string[];
beforeAll(async () => {
  t = await buildTestApp();
  editor = await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Iyer', email: 'meera.iyer@example.com' });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
  fixed = (await makeQuestions(t.db, 3, { categoryPath: 'Audit/Reasoning' })).map((q) => q.id);
  await makeQuestions(t.db, 6, { categoryPath: 'Audit/Quant' });
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/tests${url}`, headers: editor.auth, ...(payload ? { payload } : {}) });
const records = (query: Record<string, string>) => auditRecords(t.app, admin, query);
const byEditor = () => ({ id: editor.user.id, name: 'Meera Iyer', email: 'meera.iyer@example.com', role: 'editor' });
const testInput = (over: object = {}) => ({
  title: 'Weekly mock',
  instructions: 'Each right answer earns **2 marks**.',
  durationMinutes: 20,
  attemptsAllowed: 2,
  sections: [
    { title: 'Reasoning', marks: 2, negativeMarks: 0.5, questionIds: fixed },
    { title: 'Quant', marks: 2, negativeMarks: 0.5, rules: [{ category: 'Audit/Quant', difficulty: 'medium', count: 4 }] },
  ],
  ...over,
});
/** The sections of `testInput()` as the audit trail records them. */
const recordedSections = [
  { title: 'Reasoning', marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, questions: 3 },
  { title: 'Quant', marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, rules: [{ category: 'Audit/Quant', difficulty: 'medium', count: 4 }] },
];
async function created(over: object = {}): Promise<string> {
  const res = await call('POST', '', testInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('the audit trail of mock tests', () => {
  it('records a test created by an editor: its title, status, languages, timing, sections, reveal and attempts', async () => {
    const res = await call('POST', '', testInput());
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(await records({ objectId: id })).toEqual([
      aRecord({
        actor: byEditor(),
        kind: 'test.created',
        object: { type: 'test', id, label: 'Weekly mock' },
        before: null,
        after: {
          title: 'Weekly mock',
          status: 'draft',
          languages: ['en'],
          durationMinutes: 20,
          sections: recordedSections,
          revealMode: 'submission',
          revealAt: null,
          attemptsAllowed: 2,
        },
        requestId: res.headers['x-request-id'],
      }),
    ]);
  });

  it('records an edit with only the fields it changed', async () => {
    const id = await created({ title: 'Editable' });
    const res = await call('PUT', `/${id}`, testInput({ title: 'Edited', durationMinutes: 45, revealMode: 'date', revealAt: '2030-01-01T00:00:00.000Z', sections: [{ title: 'Only', marks: 4, negativeMarks: 1, questionIds: fixed }] }));
    expect(res.statusCode).toBe(200);
    const [edit] = await records({ objectId: id, kind: 'test.updated' });
    expect(edit).toEqual(aRecord({
      actor: byEditor(),
      kind: 'test.updated',
      object: { type: 'test', id, label: 'Edited' },
      before: {
        title: 'Editable',
        durationMinutes: 20,
        sections: recordedSections,
        revealMode: 'submission',
        revealAt: null,
      },
      after: {
        title: 'Edited',
        durationMinutes: 45,
        sections: [{ title: 'Only', marks: 4, negativeMarks: 1, timeLimitMinutes: null, questions: 3 }],
        revealMode: 'date',
        revealAt: '2030-01-01T00:00:00.000Z',
      },
      requestId: res.headers['x-request-id'],
    }));
  });

  it('records publishing and unpublishing when the status changes, and deleting with what the test was', async () => {
    const id = await created({ title: 'Short-lived' });
    const published = await call('POST', `/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect((await call('POST', `/${id}/publish`)).statusCode).toBe(200);
    const unpublished = await call('POST', `/${id}/unpublish`);
    const deleted = await call('DELETE', `/${id}`);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });

    const trail = await records({ objectId: id });
    expect(trail.map((r) => r.kind)).toEqual(['test.deleted', 'test.unpublished', 'test.published', 'test.created']);
    const [deletion, unpublishing, publishing, creation] = trail;
    expect(publishing).toMatchObject({ actor: byEditor(), object: { label: 'Short-lived' }, before: { status: 'draft' }, after: { status: 'published' }, requestId: published.headers['x-request-id'] });
    expect(unpublishing).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' }, requestId: unpublished.headers['x-request-id'] });
    expect(deletion).toMatchObject({ actor: byEditor(), object: { type: 'test', id, label: 'Short-lived' }, after: null, requestId: deleted.headers['x-request-id'] });
    expect(deletion!.before).toEqual(creation!.after);
  });

  it('records nothing for a change refused: unknown, a taken slug, a blueprint the bank cannot fill, a contest’s paper', async () => {
    const id = await created({ title: 'Kept', slug: 'kept' });
    const other = await created({ title: 'Other' });
    const paper = await created({ title: 'A contest paper' });
    await makeContest(t.db, { testId: paper });
    const before = await auditCount(t.app, admin);
    const unknown = '0190a4c1-0000-7000-8000-000000000000';
    expect((await call('PUT', `/${unknown}`, testInput())).statusCode).toBe(404);
    expect((await call('POST', `/${unknown}/publish`)).statusCode).toBe(404);
    expect((await call('POST', `/${unknown}/unpublish`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${unknown}`)).statusCode).toBe(404);
    expect((await call('PUT', `/${other}`, testInput({ slug: 'kept' }))).statusCode).toBe(409);
    expect((await call('POST', '', testInput({ title: 'Clash', slug: 'kept' }))).statusCode).toBe(409);
    expect((await call('PUT', `/${id}`, testInput({ sections: [{ title: 'Too many', marks: 1, rules: [{ category: 'Audit/Quant', count: 50 }] }] }))).statusCode).toBe(400);
    expect((await call('DELETE', `/${paper}`)).statusCode).toBe(409);
    expect(await auditCount(t.app, admin)).toBe(before);
  });

  it('rolls a change back with its record: a publish whose record cannot be written leaves the test a draft', async () => {
    const id = await created({ title: 'Stays a draft' });
    const allow = await refuseAuditRecords(t.db, 'test.published');
    try {
      expect((await call('POST', `/${id}/publish`)).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/tests/${id}`, headers: editor.auth })).json().data.status).toBe('draft');
    expect((await records({ objectId: id })).map((r) => r.kind)).toEqual(['test.created']);
  });

  it('keeps no secret in any record', async () => {
    const trail = JSON.stringify(await records({}));
    expect(trail).toContain('test.created');
    for (const secret of [editor.token, PASSWORD, '$argon', '$scrypt']) expect(trail).not.toContain(secret);
  });
});
