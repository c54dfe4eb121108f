import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

const api = useAdminApi();
const { call } = api;

const get = (url: string) => api.t.app.inject({ method: 'GET', url });
const filter = (body: object) => api.t.app.inject({ method: 'POST', url: '/topics/all', payload: body });
const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((d) => d.title);

// फ़ (U+095E) is a precomposed letter Unicode keeps out of NFC: NFC writes it फ + ़ (U+092B U+093C).
const PRECOMPOSED_FA = '\u095E';
const DECOMPOSED_FA = '\u092B\u093C';

async function published(over: object) {
  const res = await call('POST', '/topics', { content: 'Body.', category: 'SSC', difficulty: 'Beginner', ...over });
  expect(res.statusCode, res.body).toBe(201);
  const topic = res.json().data as { id: string; slug: string };
  await call('POST', `/topics/${topic.id}/publish`);
  return topic;
}

describe('topics in two languages', () => {
  it('links the Hindi topic to the English one, and each answers with the other', async () => {
    const english = await published({ title: 'Percentages', slug: 'percentages', summary: 'Out of a hundred.' });
    const hindi = await published({
      title: 'प्रतिशत',
      slug: 'pratishat',
      summary: 'सौ में से।',
      content: `प्रतिशत का मतलब है सौ में से। ${PRECOMPOSED_FA}ॉर्मूला याद रखें: SSC में यह हर साल आता है।`,
      language: 'hi',
      translationOf: 'percentages',
    });
    expect((await get('/api/topics/percentages')).json().data).toMatchObject({ language: 'en', translations: [{ language: 'hi', slug: 'pratishat', title: 'प्रतिशत' }] });
    expect((await get('/api/topics/pratishat')).json().data).toMatchObject({ language: 'hi', translations: [{ language: 'en', slug: 'percentages', title: 'Percentages' }] });
    expect((await call('GET', `/topics/${english.id}`)).json().data.translations).toMatchObject([{ id: hindi.id, status: 'published' }]);
    // The linked version must be a topic: a blog's slug names nothing here.
    await call('POST', '/blogs', { title: 'A blog', slug: 'a-blog', content: 'x' });
    const blogRef = await call('PATCH', `/topics/${hindi.id}`, { translationOf: 'a-blog' });
    expect(blogRef.json().details).toEqual([{ field: 'translationOf', message: 'No topic has this id or slug' }]);
  });

  it('lists one language with ?language= and every language by default', async () => {
    const every = titles(await get('/api/topics/all'));
    expect(every).toEqual(expect.arrayContaining(['Percentages', 'प्रतिशत']));
    expect(titles(await get('/api/topics/all?language=hi'))).toEqual(['प्रतिशत']);
    expect(titles(await get('/api/topics/all?language=en'))).toEqual(['Percentages']);
    expect(titles(await filter({ language: 'hi' }))).toEqual(['प्रतिशत']);
    expect(titles(await filter({ language: 'en', search: 'hundred' }))).toEqual(['Percentages']);
    expect((await filter({ language: 'hi', search: 'hundred' })).json()).toMatchObject({ data: [], total: 0 });
    const bad = await get('/api/topics/all?language=xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'language', message: 'Language must be en or hi' }]);
    expect((await filter({ language: 'fr' })).json().details).toEqual([{ field: 'language', message: 'Language must be en or hi' }]);
  });

  it('finds the Hindi topic by a Devanagari word, whichever way its letters were typed', async () => {
    expect(titles(await filter({ search: 'प्रतिशत' }))).toEqual(['प्रतिशत']);
    expect(titles(await filter({ search: 'सौ' }))).toEqual(['प्रतिशत']);
    // Stored with the precomposed letter, searched with its parts, and the other way round.
    expect(titles(await filter({ search: `${DECOMPOSED_FA}ॉर्मूला` }))).toEqual(['प्रतिशत']);
    expect(titles(await filter({ search: `${PRECOMPOSED_FA}ॉर्मूला` }))).toEqual(['प्रतिशत']);
    // Case-insensitivity still holds for the Latin words inside Hindi text.
    expect(titles(await filter({ search: 'ssc प्रतिशत' }))).toEqual(['प्रतिशत']);
    expect(titles(await filter({ search: 'प्रतिशत गणित' }))).toEqual([]);
  });

  it('stores titles and text in NFC, so the page shows what search matched', async () => {
    const topic = await published({ title: `${PRECOMPOSED_FA}ॉर्मूले`, slug: 'formule', language: 'hi' });
    const stored = (await call('GET', `/topics/${topic.id}`)).json().data.title as string;
    expect(stored).toBe(`${DECOMPOSED_FA}ॉर्मूले`);
    expect(stored).toBe(stored.normalize('NFC'));
    expect(titles(await filter({ search: `${PRECOMPOSED_FA}ॉर्मूले` }))).toEqual([stored]);
  });
});
