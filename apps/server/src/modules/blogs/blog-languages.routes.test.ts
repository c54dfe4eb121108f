import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

const api = useAdminApi();
const { call } = api;

const get = (url: string) => api.t.app.inject({ method: 'GET', url });
async function draft(over: object) {
  const res = await call('POST', '/blogs', { content: 'Body.', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; slug: string; language: string; translations: unknown[] };
}
async function published(over: object) {
  const blog = await draft(over);
  await call('POST', `/blogs/${blog.id}/publish`);
  return blog;
}

describe('blogs in two languages', () => {
  it('writes a blog in English unless told, and in Hindi when told', async () => {
    expect((await draft({ title: 'Plain English' })).language).toBe('en');
    const hindi = await draft({ title: 'नकारात्मक अंकन', slug: 'nakaratmak-ankan', language: 'hi' });
    expect(hindi).toMatchObject({ language: 'hi', slug: 'nakaratmak-ankan', translations: [] });
  });

  it('links the Hindi version to the English one by slug, and each page names the other', async () => {
    const english = await published({ title: 'Negative marking explained', slug: 'negative-marking-explained' });
    const hindi = await published({ title: 'नकारात्मक अंकन समझें', slug: 'nakaratmak-ankan-samjhen', language: 'hi', translationOf: 'negative-marking-explained' });
    expect((await call('GET', `/blogs/${hindi.id}`)).json().data.translations).toEqual([
      { id: english.id, language: 'en', slug: 'negative-marking-explained', title: 'Negative marking explained', status: 'published' },
    ]);
    expect((await call('GET', `/blogs/${english.id}`)).json().data.translations).toMatchObject([{ id: hindi.id, language: 'hi' }]);
    expect((await get('/api/blogs/negative-marking-explained')).json().data).toMatchObject({
      language: 'en',
      translations: [{ language: 'hi', slug: 'nakaratmak-ankan-samjhen', title: 'नकारात्मक अंकन समझें' }],
    });
    expect((await get('/api/blogs/nakaratmak-ankan-samjhen')).json().data).toMatchObject({
      language: 'hi',
      translations: [{ language: 'en', slug: 'negative-marking-explained', title: 'Negative marking explained' }],
    });
    const list = (await call('GET', '/blogs')).json().data as { id: string; translations: { id: string }[] }[];
    expect(list.find((b) => b.id === english.id)!.translations.map((t) => t.id)).toEqual([hindi.id]);
  });

  it('lets the English side name the Hindi one by id, and readers see only a published version', async () => {
    const hindi = await draft({ title: 'समय प्रबंधन', slug: 'samay-prabandhan', language: 'hi' });
    const english = await published({ title: 'Time management', translationOf: hindi.id });
    expect((await call('GET', `/blogs/${english.id}`)).json().data.translations).toMatchObject([{ id: hindi.id, status: 'draft' }]);
    expect((await get(`/api/blogs/${english.slug}`)).json().data.translations).toEqual([]);
    await call('POST', `/blogs/${hindi.id}/publish`);
    expect((await get(`/api/blogs/${english.slug}`)).json().data.translations).toMatchObject([{ slug: 'samay-prabandhan' }]);
  });

  it('unlinks with null, on either side', async () => {
    const english = await draft({ title: 'Unlink me' });
    const hindi = await draft({ title: 'मुझे अलग करें', language: 'hi', translationOf: english.id });
    const res = await call('PATCH', `/blogs/${english.id}`, { translationOf: null });
    expect(res.json().data.translations).toEqual([]);
    expect((await call('GET', `/blogs/${hindi.id}`)).json().data.translations).toEqual([]);
    // The empty text the editor's form sends for "None" unlinks too.
    await call('PATCH', `/blogs/${hindi.id}`, { translationOf: english.slug });
    expect((await call('PATCH', `/blogs/${hindi.id}`, { translationOf: '' })).json().data.translations).toEqual([]);
  });

  it('forgets a deleted version, and lets a new one take its place', async () => {
    const english = await published({ title: 'Outlives its translation' });
    const hindi = await published({ title: 'हटाया जाने वाला', language: 'hi', translationOf: english.id });
    expect((await call('DELETE', `/blogs/${hindi.id}`)).statusCode).toBe(204);
    expect((await get(`/api/blogs/${english.slug}`)).json().data.translations).toEqual([]);
    await published({ title: 'नया संस्करण', slug: 'naya-sanskaran', language: 'hi', translationOf: english.slug });
    expect((await get(`/api/blogs/${english.slug}`)).json().data.translations).toMatchObject([{ slug: 'naya-sanskaran' }]);
  });

  it('keeps one article per language: a second Hindi version is refused with 409 TRANSLATION_TAKEN', async () => {
    const english = await draft({ title: 'Only one Hindi version' });
    const hindi = await draft({ title: 'पहला हिन्दी संस्करण', language: 'hi', translationOf: english.id });
    const second = await call('POST', '/blogs', { title: 'दूसरा हिन्दी संस्करण', content: 'x', language: 'hi', translationOf: english.id });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      statusCode: 409,
      code: 'TRANSLATION_TAKEN',
      message: 'A Hindi version is already linked: "पहला हिन्दी संस्करण"',
      details: [{ field: 'translationOf', message: 'A Hindi version is already linked: "पहला हिन्दी संस्करण"' }],
    });
    // Nothing of the refused blog was kept.
    expect((await call('GET', '/blogs')).json().data.map((b: { title: string }) => b.title)).not.toContain('दूसरा हिन्दी संस्करण');
    // Turning the English one into Hindi would make two Hindi versions of one article.
    const toHindi = await call('PATCH', `/blogs/${english.id}`, { language: 'hi' });
    expect(toHindi.statusCode).toBe(409);
    expect(toHindi.json().code).toBe('TRANSLATION_TAKEN');
    expect((await call('GET', `/blogs/${english.id}`)).json().data.language).toBe('en');
    // A second English version likewise, said in Hindi to an editor reading Hindi.
    const secondEnglish = { title: 'A second English version', content: 'x', translationOf: hindi.id };
    expect((await call('POST', '/blogs', secondEnglish)).json().message).toBe('An English version is already linked: "Only one Hindi version"');
    const inHindi = await call('POST', '/blogs', secondEnglish, { ...api.editor, 'accept-language': 'hi' });
    expect(inHindi.json()).toMatchObject({ statusCode: 409, code: 'TRANSLATION_TAKEN', message: 'अंग्रेज़ी संस्करण पहले से जुड़ा है: "Only one Hindi version"' });
  });

  it('lets one of two editors racing to add the Hindi version win, and tells the other', async () => {
    const english = await draft({ title: 'Raced for' });
    const answers = await Promise.all(['पहला', 'दूसरा'].map((title) => call('POST', '/blogs', { title, content: 'x', language: 'hi', translationOf: english.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('TRANSLATION_TAKEN');
    expect((await call('GET', `/blogs/${english.id}`)).json().data.translations).toHaveLength(1);
  });

  it.each([
    [{ translationOf: 'no-such-blog' }, 'No blog has this id or slug'],
    [{ translationOf: 'same-language-partner' }, 'Choose a blog in the other language'],
    [{ language: 'fr' }, 'Language must be en or hi'],
    [{ translationOf: 'x'.repeat(121) }, 'Name the other article by its id or slug'],
    [{ translationOf: 7 }, 'Translation must be text'],
  ])('refuses %j with 400 on its field', async (over, message) => {
    await call('POST', '/blogs', { title: 'Same language partner', slug: 'same-language-partner', content: 'x' });
    const res = await call('POST', '/blogs', { title: 'Refused', content: 'x', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: Object.keys(over)[0], message });
  });

  it('refuses a blog as its own translation', async () => {
    const blog = await draft({ title: 'Self link', language: 'hi' });
    const res = await call('PATCH', `/blogs/${blog.id}`, { language: 'en', translationOf: blog.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'translationOf', message: 'A blog cannot be its own translation' }]);
  });
});

describe('GET /public/allblogs?language=', () => {
  it('lists one language when asked and every language by default', async () => {
    const hindiOnly = (await get('/public/allblogs?language=hi')).json().data as { language: string; title: string }[];
    expect(hindiOnly.length).toBeGreaterThan(0);
    expect(hindiOnly.every((b) => b.language === 'hi')).toBe(true);
    const english = (await get('/public/allblogs?language=en')).json().data as { language: string }[];
    expect(english.every((b) => b.language === 'en')).toBe(true);
    const every = (await get('/public/allblogs')).json().data as unknown[];
    expect(every).toHaveLength(hindiOnly.length + english.length);
    const bad = await get('/public/allblogs?language=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'language', message: 'Language must be en or hi' }]);
  });
});
