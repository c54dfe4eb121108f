import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

const api = useAdminApi();
const { call } = api;

describe('topics', () => {
  const topicInput = (over: object = {}) => ({ title: 'Mole concept', content: 'One mole is $6.022 \\times 10^{23}$ particles.', category: 'NEET', difficulty: 'Intermediate', tags: ['chemistry'], ...over });
  const filterTitles = async (body: object) => (await api.t.app.inject({ method: 'POST', url: '/topics/all', payload: body })).json().data.map((d: { title: string }) => d.title);

  it('creates, publishes and finds a topic by its tags; retagging moves it', async () => {
    const res = await call('POST', '/topics', topicInput());
    expect(res.statusCode).toBe(201);
    const { id, slug } = res.json().data;
    expect(slug).toBe('mole-concept');
    await call('POST', `/topics/${id}/publish`);
    expect(await filterTitles({ tags: ['chemistry'] })).toEqual(['Mole concept']);
    await call('PATCH', `/topics/${id}`, { tags: ['physics'] });
    expect(await filterTitles({ tags: ['chemistry'] })).toEqual([]);
    expect(await filterTitles({ tags: ['physics'] })).toEqual(['Mole concept']);
    await call('PATCH', `/topics/${id}`, { content: 'Avogadro number applies.' });
    expect(await filterTitles({ search: 'avogadro' })).toEqual(['Mole concept']);
    expect(await filterTitles({ search: 'particles' })).toEqual([]);
  });

  it('refuses a missing category or a wrong difficulty, and a taken slug', async () => {
    const missing = await call('POST', '/topics', topicInput({ category: undefined }));
    expect(missing.json().details).toContainEqual({ field: 'category', message: 'Choose a category' });
    const wrong = await call('POST', '/topics', topicInput({ title: 'Other', difficulty: 'Easy' }));
    expect(wrong.json().details).toContainEqual({ field: 'difficulty', message: 'Difficulty must be Beginner, Intermediate or Advanced' });
    await call('POST', '/topics', topicInput({ title: 'Taken', slug: 'taken-topic' }));
    const clash = await call('POST', '/topics', topicInput({ title: 'Taken again', slug: 'taken-topic' }));
    expect(clash.json()).toMatchObject({ statusCode: 409, message: 'A topic with this slug already exists' });
  });

  it('shows an edit at once in the editors\' list and on every public path, each read before the edit', async () => {
    const { data } = (await call('POST', '/topics', topicInput({ title: 'Before the edit', tags: ['edited'] }))).json();
    await call('POST', `/topics/${data.id}/publish`);
    const get = async (url: string) => (await api.t.app.inject({ method: 'GET', url })).json().data;
    const seen = async () => ({
      admin: (await call('GET', '/topics')).json().data.find((x: { id: string }) => x.id === data.id)?.title,
      all: (await get('/api/topics/all')).find((x: { slug: string }) => x.slug === data.slug)?.title,
      filtered: await filterTitles({ tags: ['edited'] }),
      one: (await get(`/api/topics/${data.slug}`)).title,
    });
    expect(await seen()).toEqual({ admin: 'Before the edit', all: 'Before the edit', filtered: ['Before the edit'], one: 'Before the edit' });
    expect((await call('PATCH', `/topics/${data.id}`, { title: 'After the edit' })).statusCode).toBe(200);
    expect(await seen()).toEqual({ admin: 'After the edit', all: 'After the edit', filtered: ['After the edit'], one: 'After the edit' });
  });

  it('deletes a topic together with its tags', async () => {
    const { data } = (await call('POST', '/topics', topicInput({ title: 'Short lived', tags: ['ephemeral'] }))).json();
    await call('POST', `/topics/${data.id}/publish`);
    expect((await call('DELETE', `/topics/${data.id}`)).statusCode).toBe(204);
    const rows = await api.t.db.selectFrom('topic_tags').selectAll().where('topic_id', '=', data.id).execute();
    expect(rows).toEqual([]);
    expect(await filterTitles({ tags: ['ephemeral'] })).toEqual([]);
  });
});
