import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';
import { signedInUser } from '../../../test/factories.js';
import { newId } from '../../lib/ids.js';

const api = useAdminApi();
const { call } = api;
const put = (url: string, payload: object) => api.t.app.inject({ method: 'PUT', url: `/api/admin${url}`, headers: api.editor, payload });
const get = (url: string, headers: Record<string, string> = {}) => api.t.app.inject({ method: 'GET', url, headers });

const ids: Record<string, string[]> = {};
let n = 0;
async function questions(category: string, count: number, type: 'single' | 'multiple' = 'single'): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    n += 1;
    const options = type === 'single'
      ? [{ text: `Right ${n}`, correct: true }, { text: 'Wrong', correct: false }, { text: 'Wrong too', correct: false }, { text: 'Not this', correct: false }]
      : [{ text: `Right ${n}`, correct: true }, { text: 'Also right', correct: true }, { text: 'Wrong', correct: false }];
    const res = await call('POST', '/questions', { type, stem: `Question ${n} in ${category}`, explanation: 'Because the key says so.', categoryPath: category, options });
    expect(res.statusCode).toBe(201);
    out.push(res.json().data.id);
  }
  await call('POST', '/questions/bulk', { ids: out, action: 'publish' });
  return out;
}

const testInput = (over: object = {}) => ({
  title: 'Weekly mock',
  instructions: 'Each right answer earns **2 marks**.',
  exam: 'SSC',
  durationMinutes: 20,
  sections: [
    { title: 'Reasoning', marks: 2, negativeMarks: 0.5, questionIds: ids.reasoning!.slice(0, 3) },
    { title: 'Quant', marks: 2, negativeMarks: 0.5, rules: [{ category: 'Mock/Quant', count: 4 }] },
  ],
  ...over,
});
const testCount = async () => Number((await api.t.db.selectFrom('tests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const detailsOf = (res: LightMyRequestResponse) => res.json().details as { field: string; message: string }[];

beforeAll(async () => {
  ids.reasoning = await questions('Mock/Reasoning', 4);
  ids.quant = await questions('Mock/Quant', 6);
  ids.multiple = await questions('Mock/Physics', 2, 'multiple');
});

describe('tests: editors', () => {
  it('creates a draft, publishes it, and candidates find it in the list and on its page', async () => {
    const created = await call('POST', '/tests', testInput());
    expect(created.statusCode).toBe(201);
    const test = created.json().data;
    expect(test).toMatchObject({ slug: 'weekly-mock', status: 'draft', questionCount: 7, maxScore: 14, submittedAttempts: 0, publishedAt: null });
    expect(test.sections[1]).toMatchObject({ title: 'Quant', questionIds: [], rules: [{ category: 'Mock/Quant', count: 4 }], questionCount: 4 });

    expect((await get('/api/tests')).json().data).toEqual([]);
    expect((await get('/api/tests/weekly-mock')).statusCode).toBe(404);

    const published = await call('POST', `/tests/${test.id}/publish`);
    expect(published.json().data).toMatchObject({ status: 'published' });
    const list = (await get('/api/tests')).json().data;
    expect(list).toEqual([expect.objectContaining({ slug: 'weekly-mock', questionCount: 7, maxScore: 14, sectionCount: 2, lockedSections: false, durationMinutes: 20 })]);
    const detail = (await get('/api/tests/weekly-mock')).json().data;
    expect(detail.instructionsHtml).toContain('<strong>2 marks</strong>');
    expect(detail).toMatchObject({ myAttempts: null, markedAnsweredCounts: true, revealMode: 'submission', graceSeconds: 60 });
    expect(detail.sections.map((s: { questionCount: number }) => s.questionCount)).toEqual([3, 4]);
    expect(JSON.stringify(detail)).not.toContain(ids.reasoning![0]);
    // A signed-in candidate sees their attempts at the test.
    const candidate = await signedInUser(api.t.app, api.t.db);
    expect((await get('/api/tests/weekly-mock', candidate.auth)).json().data.myAttempts).toEqual({ count: 0, openAttemptId: null });

    expect((await call('POST', `/tests/${test.id}/unpublish`)).json().data.status).toBe('draft');
    expect((await get('/api/tests')).json().data).toEqual([]);
    await call('POST', `/tests/${test.id}/publish`);
  });

  it('lists published tests newest first and filters them by exam', async () => {
    const bank = (await call('POST', '/tests', testInput({ title: 'Bank quiz', exam: 'Banking', sections: [{ title: 'All', marks: 1, questionIds: ids.quant!.slice(0, 2) }] }))).json().data;
    await call('POST', `/tests/${bank.id}/publish`);
    expect((await get('/api/tests')).json().data.map((t: { slug: string }) => t.slug).slice(0, 2)).toEqual(['bank-quiz', 'weekly-mock']);
    expect((await get('/api/tests?exam=banking')).json().data.map((t: { slug: string }) => t.slug)).toEqual(['bank-quiz']);
    expect((await get('/api/tests?exam=none')).json().data).toEqual([]);
  });

  it('searches, filters and pages the editors list', async () => {
    const page = (await call('GET', '/tests?search=WEEKLY&status=published&pageSize=5')).json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(page.data[0].slug).toBe('weekly-mock');
    const drafts = (await call('GET', '/tests?status=draft')).json();
    expect(drafts.data.every((t: { status: string }) => t.status === 'draft')).toBe(true);
    const second = (await call('GET', '/tests?pageSize=1&page=2')).json();
    expect(second.data).toHaveLength(1);
    expect(second.total).toBeGreaterThanOrEqual(2);
  });

  it('takes a suffix for a slug made from a taken title, and refuses a taken slug an editor chose', async () => {
    const again = await call('POST', '/tests', testInput());
    expect(again.json().data.slug).toBe('weekly-mock-2');
    const clash = await call('POST', '/tests', testInput({ title: 'Other', slug: 'weekly-mock' }));
    expect(clash.json()).toMatchObject({ statusCode: 409, message: 'A test with this slug already exists' });
    const update = await put(`/tests/${again.json().data.id}`, testInput({ slug: 'weekly-mock' }));
    expect(update.statusCode).toBe(409);
    const reserved = await call('POST', '/tests', testInput({ slug: 'new' }));
    expect(reserved.statusCode).toBe(400);
  });

  it('updates a test with PUT, keeping its slug when none is sent', async () => {
    const { data } = (await call('POST', '/tests', testInput({ title: 'Editable' }))).json();
    const res = await put(`/tests/${data.id}`, testInput({ title: 'Edited', durationMinutes: 45, shuffleQuestions: true, revealMode: 'date', revealAt: '2030-01-01T00:00:00.000Z', sections: [{ title: 'Only', marks: 4, negativeMarks: 1, questionIds: ids.multiple }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'editable', title: 'Edited', durationMinutes: 45, shuffleQuestions: true, revealMode: 'date', revealAt: '2030-01-01T00:00:00.000Z', questionCount: 2, maxScore: 8 });
    expect((await put(`/tests/${newId()}`, testInput())).statusCode).toBe(404);
  });

  it('refuses what the schema or the bank cannot give, naming the field, and writes nothing', async () => {
    const before = await testCount();
    const cases: [object, string, string][] = [
      [testInput({ sections: [{ title: 'S', marks: 1, negativeMarks: 2, questionIds: ids.quant!.slice(0, 1) }] }), 'sections.0.negativeMarks', 'Negative marks cannot be more than the marks for a right answer'],
      [testInput({ sections: [{ title: 'Empty', marks: 1 }] }), 'sections.0.questionIds', 'Add questions to the section or a blueprint to draw them'],
      [testInput({ sections: [] }), 'sections', 'Add at least one section'],
      [testInput({ sections: [{ title: 'A', marks: 1, timeLimitMinutes: 10, questionIds: ids.quant!.slice(0, 1) }, { title: 'B', marks: 1, questionIds: ids.quant!.slice(1, 2) }] }), 'sections', 'Give every section a time limit, or none'],
      [testInput({ sections: [{ title: 'A', marks: 1, questionIds: ['missing-question'] }] }), 'sections.0.questionIds', 'No question in the bank has the id missing-question'],
      [testInput({ sections: [{ title: 'Short', marks: 1, rules: [{ category: 'Mock/Quant', count: 7 }] }] }), 'sections.0.rules.0.count', 'The blueprint of section 1 “Short”, rule 1 (category Mock/Quant) needs 7 questions; the bank has 6 published questions in English matching it'],
      [testInput({ sections: [{ title: 'Nowhere', marks: 1, rules: [{ topic: 'no-such-topic', count: 1 }] }] }), 'sections.0.rules.0.count', 'The blueprint of section 1 “Nowhere”, rule 1 (topic no-such-topic) needs 1 question; the bank has 0 published questions in English matching it'],
      [testInput({ revealMode: 'date' }), 'revealAt', 'Choose the date answers are shown'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/tests', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(detailsOf(res)).toContainEqual({ field, message });
    }
    expect(await testCount()).toBe(before);
  });

  it('refuses hostile input with a 400 and never a 500', async () => {
    const before = await testCount();
    const hostile: object[] = [
      testInput({ title: 'Bad\u0000title' }),
      testInput({ extra: 'field' }),
      testInput({ durationMinutes: '20' }),
      testInput({ durationMinutes: 1e9 }),
      testInput({ sections: Array.from({ length: 11 }, () => ({ title: 'S', marks: 1, questionIds: ids.quant!.slice(0, 1) })) }),
      testInput({ sections: [{ title: 'S', marks: 1, questionIds: [{ $ne: null }] }] }),
      testInput({ sections: [{ title: 'S', marks: 1, questionIds: ['x'.repeat(10_000)] }] }),
      testInput({ sections: [{ title: 'S', marks: 1, rules: [{ category: "'; drop table tests; --", count: 1 }] }] }),
      testInput({ sections: [{ title: 'S', marks: 1.234, questionIds: ids.quant!.slice(0, 1) }] }),
      testInput({ slug: 'Ünïcode slug' }),
      testInput({ title: 'x'.repeat(201) }),
      { ...testInput(), ...JSON.parse('{"__proto__": { "admin": true }}') },
    ];
    for (const body of hostile) {
      const res = await call('POST', '/tests', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    for (const url of ['/tests/%00', `/tests/${'x'.repeat(300)}`, '/tests/../../etc/passwd']) {
      expect((await call('GET', url)).statusCode).toBeLessThan(500);
    }
    expect((await get('/api/tests/%00')).statusCode).toBe(404);
    expect((await get('/api/tests?exam=%00')).statusCode).toBe(400);
    expect((await get('/api/tests?extra=1')).statusCode).toBe(400);
    expect(await testCount()).toBe(before);
  });

  it('previews the test as a candidate gets it: one draw per seed, no key', async () => {
    const { data } = (await call('POST', '/tests', testInput({ title: 'Preview me', shuffleOptions: true }))).json();
    const one = (await call('GET', `/tests/${data.id}/preview?seed=alpha`)).json().data;
    const again = (await call('GET', `/tests/${data.id}/preview?seed=alpha`)).json().data;
    expect(again).toEqual(one);
    expect(one).toMatchObject({ seed: 'alpha', title: 'Preview me', maxScore: 14, lockedSections: false });
    expect(one.questions).toHaveLength(7);
    expect(one.questions.map((q: { number: number }) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(one.questions.slice(0, 3).map((q: { questionId: string }) => q.questionId)).toEqual(ids.reasoning!.slice(0, 3));
    expect(one.questions.slice(3).every((q: { questionId: string }) => ids.quant!.includes(q.questionId))).toBe(true);
    expect(one.questions[0].options.map((o: { id: string }) => o.id)).toEqual(['A', 'B', 'C', 'D']);
    const body = JSON.stringify(one);
    expect(body).not.toMatch(/correct|fraction|explanation|Because the key/i);
    const draws = new Set<string>();
    for (const seed of ['b', 'c', 'd', 'e', 'f']) draws.add((await call('GET', `/tests/${data.id}/preview?seed=${seed}`)).json().data.questions.slice(3).map((q: { questionId: string }) => q.questionId).join());
    expect(draws.size).toBeGreaterThan(1);
    const fresh = (await call('GET', `/tests/${data.id}/preview`)).json().data;
    expect(fresh.seed).toMatch(/\S/);
  });

  it('refuses to publish or preview once the bank cannot fill the blueprint any more', async () => {
    const extra = await questions('Mock/Shrinking', 2);
    const { data } = (await call('POST', '/tests', testInput({ title: 'Shrinks', sections: [{ title: 'S', marks: 1, rules: [{ category: 'Mock/Shrinking', count: 2 }] }] }))).json();
    await call('POST', '/questions/bulk', { ids: extra.slice(0, 1), action: 'unpublish' });
    const publish = await call('POST', `/tests/${data.id}/publish`);
    expect(publish.statusCode).toBe(400);
    expect(detailsOf(publish)[0]!.message).toContain('needs 2 questions; the bank has 1 published question in English matching it');
    expect((await call('GET', `/tests/${data.id}/preview`)).statusCode).toBe(409);
  });

  it('deletes a test nobody attempted; archives one with attempts, keeping them', async () => {
    const { data: unused } = (await call('POST', '/tests', testInput({ title: 'Unused' }))).json();
    expect((await call('DELETE', `/tests/${unused.id}`)).json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/tests/${unused.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/tests/${unused.id}`)).statusCode).toBe(404);

    const { data: taken } = (await call('POST', '/tests', testInput({ title: 'Taken' }))).json();
    const candidate = await signedInUser(api.t.app, api.t.db);
    const now = Date.now();
    await api.t.db
      .insertInto('attempts')
      .values({
        id: newId(), user_id: candidate.user.id, behaviour: 'timed', test_id: taken.id, source: 'test', label: '', attempt_number: 1, ranked: 1, status: 'submitted', seed: 's',
        sections: '[]', locked_sections: 0, marked_answered_counts: 1, grace_ms: 0, started_at: now, ends_at: now, device_id: null, last_seq: 0, submitted_at: now, submitted_by: 'candidate',
        score: 4, max_score: 14, correct: 2, wrong: 0, partial: 0, unattempted: 5, time_spent_ms: 1000, created_at: now,
      })
      .execute();
    expect((await call('DELETE', `/tests/${taken.id}`)).json()).toEqual({ outcome: 'archived' });
    expect((await call('GET', `/tests/${taken.id}`)).json().data).toMatchObject({ status: 'archived', submittedAttempts: 1 });
    // Out of the editors' list unless asked for; a second delete changes nothing.
    expect((await call('GET', '/tests')).json().data.map((t: { id: string }) => t.id)).not.toContain(taken.id);
    expect((await call('GET', '/tests?status=archived')).json().data.map((t: { id: string }) => t.id)).toEqual([taken.id]);
    expect((await call('DELETE', `/tests/${taken.id}`)).json()).toEqual({ outcome: 'archived' });
    // The database itself keeps an attempted test: no attempt goes with it.
    await expect(api.t.db.deleteFrom('tests').where('id', '=', taken.id).execute()).rejects.toThrow();
    expect(await api.t.db.selectFrom('attempts').select('id').where('test_id', '=', taken.id).execute()).toHaveLength(1);
    // Unpublishing brings it back as a draft.
    expect((await call('POST', `/tests/${taken.id}/unpublish`)).json().data.status).toBe('draft');
  });
});

describe('tests: who may do what', () => {
  it('keeps the editors API from candidates (403) and from anonymous callers (401)', async () => {
    const candidate = await signedInUser(api.t.app, api.t.db);
    const { data } = (await call('POST', '/tests', testInput({ title: 'Guarded' }))).json();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/tests'],
      ['GET', `/tests/${data.id}`],
      ['POST', '/tests'],
      ['PUT', `/tests/${data.id}`],
      ['POST', `/tests/${data.id}/publish`],
      ['POST', `/tests/${data.id}/unpublish`],
      ['GET', `/tests/${data.id}/preview`],
      ['DELETE', `/tests/${data.id}`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? testInput() : undefined;
      const asCandidate = await api.t.app.inject({ method, url: `/api/admin${url}`, headers: candidate.auth, ...(payload ? { payload } : {}) });
      expect(asCandidate.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await api.t.app.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', `/tests/${data.id}`)).json().data.status).toBe('draft');
  });

  it('documents the paths under the Tests tag', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(doc.paths['/api/tests/'] ?? doc.paths['/api/tests']).toBeDefined();
    const detail = doc.paths['/api/tests/{slug}'].get;
    expect(detail.tags).toEqual(['Tests']);
    expect(doc.paths['/api/admin/tests/{id}/preview'].get.tags).toEqual(['Tests']);
  });
});
