import type { AdminQuestion, Attempt, QuestionVersion, QuestionVersionSummary } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { currentQuestionsForDelivery, questionsForDelivery } from './questions.service.js';

/** One question, its texts in English and Hindi: one key, one set of options, read in either language. */
let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url: `/api/admin/questions${url}`, headers: editor, ...(payload ? { payload } : {}) });

let n = 0;
/** A question in English with its Hindi, distinct from every other this file writes. */
function bilingual(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    type: 'single',
    stem: `Which river is the longest in India? (${n})`,
    explanation: 'The Ganga flows about 2,525 km.',
    categoryPath: 'Bilingual/GK',
    options: [
      { text: 'Ganga', correct: true, feedback: 'Right.' },
      { text: 'Yamuna', correct: false },
      { text: 'Godavari', correct: false },
    ],
    translation: {
      language: 'hi',
      stem: `भारत की सबसे लंबी नदी कौन-सी है? (${n})`,
      explanation: 'गंगा लगभग 2,525 किमी बहती है।',
      options: [{ text: 'गंगा', feedback: 'सही।' }, { text: 'यमुना' }, { text: 'गोदावरी' }],
    },
    ...over,
  };
}

const ids = (res: { json: () => { data: AdminQuestion[] } }) => res.json().data.map((q) => q.id).sort();

describe('a question in two languages', () => {
  it('keeps both texts, rendered, with one key', async () => {
    const res = await api('POST', '/', bilingual());
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json().data as AdminQuestion;
    expect(q).toMatchObject({ language: 'en', languages: ['en', 'hi'], options: [{ text: 'Ganga', correct: true }, { correct: false }, { correct: false }] });
    expect(q.translation).toEqual({
      language: 'hi',
      stem: expect.stringContaining('भारत की सबसे लंबी नदी'),
      stemHtml: expect.stringMatching(/^<p>भारत की सबसे लंबी नदी/),
      explanation: 'गंगा लगभग 2,525 किमी बहती है।',
      explanationHtml: '<p>गंगा लगभग 2,525 किमी बहती है।</p>\n',
      options: [
        { text: 'गंगा', textHtml: '<p>गंगा</p>\n', feedback: 'सही।', feedbackHtml: '<p>सही।</p>\n' },
        { text: 'यमुना', textHtml: '<p>यमुना</p>\n', feedback: null, feedbackHtml: null },
        { text: 'गोदावरी', textHtml: '<p>गोदावरी</p>\n', feedback: null, feedbackHtml: null },
      ],
    });
    const single = (await api('POST', '/', { ...bilingual(), translation: null })).json().data as AdminQuestion;
    expect(single).toMatchObject({ translation: null, languages: ['en'] });

    // Removing the Hindi leaves the question in English alone.
    const edited = await api('PUT', `/${q.id}`, { ...bilingual(), stem: q.stem, translation: null });
    expect(edited.json().data).toMatchObject({ translation: null, languages: ['en'] });
  });

  it('refuses a translation in the same language, with other options, or past the limits', async () => {
    const sameLanguage = await api('POST', '/', bilingual({ language: 'hi' }));
    expect(sameLanguage.json()).toMatchObject({ statusCode: 400, details: [{ field: 'translation.language', message: 'The translation must be in the other language' }] });
    const fewer = await api('POST', '/', bilingual({ translation: { language: 'hi', stem: 'प्रश्न', options: [{ text: 'क' }, { text: 'ख' }] } }));
    expect(fewer.json()).toMatchObject({ statusCode: 400, details: [{ field: 'translation.options', message: 'The translation must give every option, in the same order' }] });
    const long = await api('POST', '/', bilingual({ translation: { language: 'hi', stem: 'क'.repeat(20_001), options: [{ text: 'क' }, { text: 'ख' }, { text: 'ग' }] } }));
    expect(long.json()).toMatchObject({ statusCode: 400, details: [{ field: 'translation.stem', message: 'Question must be at most 20000 characters' }] });
    const empty = await api('POST', '/', bilingual({ translation: { language: 'hi', stem: 'प्रश्न', options: [{ text: ' ' }, { text: 'ख' }, { text: 'ग' }] } }));
    expect(empty.json()).toMatchObject({ statusCode: 400, details: [{ field: 'translation.options.0.text', message: 'An option cannot be empty' }] });
    expect((await api('POST', '/', bilingual({ translation: { language: 'fr', stem: 'Q', options: [] } }))).statusCode).toBe(400);
  });

  it('is one question whichever language it was written in first', async () => {
    const english = bilingual();
    expect((await api('POST', '/', english)).statusCode).toBe(201);
    const swapped = {
      ...english,
      language: 'hi',
      stem: english.translation.stem,
      explanation: english.translation.explanation,
      options: english.options.map((o, i) => ({ ...english.translation.options[i]!, correct: o.correct })),
      translation: { language: 'en', stem: english.stem, options: english.options.map((o) => ({ text: o.text })) },
    };
    expect((await api('POST', '/', swapped)).json()).toMatchObject({ statusCode: 409, message: 'An identical question is already in the bank' });
    // Its English alone is another question.
    expect((await api('POST', '/', { ...english, translation: null })).statusCode).toBe(201);
  });

  it('lists by the languages a question can be read in, and finds words in either language', async () => {
    const both = (await api('POST', '/', bilingual({ categoryPath: 'Bilingual/List' }))).json().data as AdminQuestion;
    const hindi = (await api('POST', '/', { type: 'truefalse', language: 'hi', stem: 'क़ुतुब मीनार दिल्ली में है।', categoryPath: 'Bilingual/List', options: [{ text: 'सही', correct: true }, { text: 'गलत', correct: false }] })).json().data as AdminQuestion;
    const english = (await api('POST', '/', { ...bilingual({ categoryPath: 'Bilingual/List' }), translation: null })).json().data as AdminQuestion;
    const list = (query: string) => api('GET', `/?category=Bilingual/List&${query}`);
    expect(ids(await list('language=hi'))).toEqual([both.id, hindi.id].sort());
    expect(ids(await list('language=en'))).toEqual([both.id, english.id].sort());
    expect(ids(await list('bilingual=true'))).toEqual([both.id]);
    expect(ids(await list('bilingual=false'))).toEqual([english.id, hindi.id].sort());
    expect(ids(await list('language=hi&bilingual=false'))).toEqual([hindi.id]);
    expect((await list('language=fr')).statusCode).toBe(400);
    expect((await list('bilingual=yes')).statusCode).toBe(400);

    // A Hindi word finds the question written in Hindi and the one translated into it; an English
    // word the one translated from English.
    expect(ids(await list(`search=${encodeURIComponent('नदी')}`))).toEqual([both.id]);
    expect(ids(await list(`search=${encodeURIComponent('godavari')}`))).toEqual([both.id, english.id].sort());
    // क़ typed as one character (U+0958) or as क with a nukta finds the same stored word.
    const precomposed = '\u0958ुतुब';
    const decomposed = '\u0915\u093Cुतुब';
    expect(ids(await list(`search=${encodeURIComponent(precomposed)}`))).toEqual([hindi.id]);
    expect(ids(await list(`search=${encodeURIComponent(decomposed)}`))).toEqual([hindi.id]);
    expect(hindi.stem.startsWith(decomposed)).toBe(true);
  });

  it('hands both texts to the attempt engine, at the version an attempt was given', async () => {
    const q = (await api('POST', '/', bilingual({ categoryPath: 'Bilingual/Delivery' }))).json().data as AdminQuestion;
    await api('POST', '/bulk', { ids: [q.id], action: 'publish' });
    const current = (await currentQuestionsForDelivery({ db: t.db }, [q.id])).get(q.id)!;
    expect(current.language).toBe('en');
    expect(current.translation).toEqual({
      language: 'hi',
      stem: q.translation!.stem,
      stemHtml: q.translation!.stemHtml,
      explanationHtml: '<p>गंगा लगभग 2,525 किमी बहती है।</p>\n',
      options: [
        { text: 'गंगा', html: '<p>गंगा</p>\n' },
        { text: 'यमुना', html: '<p>यमुना</p>\n' },
        { text: 'गोदावरी', html: '<p>गोदावरी</p>\n' },
      ],
    });
    expect((await questionsForDelivery({ db: t.db }, [{ id: q.id, version: 1 }])).get(q.id)?.translation?.stem).toBe(q.translation!.stem);
  });
});

describe('versions of a question in two languages', () => {
  const versions = async (id: string) => (await api('GET', `/${id}/versions`)).json().data as QuestionVersionSummary[];

  it('makes the next version when only the Hindi of a taken version changes, and names the translation', async () => {
    const input = bilingual({ categoryPath: 'Bilingual/Versions' });
    const q = (await api('POST', '/', input)).json().data as AdminQuestion;
    await api('POST', '/bulk', { ids: [q.id], action: 'publish' });
    const test = await makeTest(t.db, { sections: [{ questionIds: [q.id] }] });
    const candidate = { ...(await signedInUser(t.app, t.db)).auth, 'x-device-id': 'desk' };
    const attempt = (await t.app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers: candidate })).json().data as Attempt;
    expect(attempt.id).toBeTruthy();

    const hindi = { ...input.translation, options: [{ text: 'गंगा नदी' }, { text: 'यमुना' }, { text: 'गोदावरी' }] };
    const edited = await api('PUT', `/${q.id}`, { ...input, translation: hindi });
    expect(edited.json().data).toMatchObject({ version: 2, stem: q.stem });
    expect((await versions(q.id)).map((v) => [v.version, v.changes])).toEqual([
      [2, ['translation']],
      [1, []],
    ]);
    const [v1, v2] = await Promise.all([1, 2].map(async (v) => (await api('GET', `/${q.id}/versions/${v}`)).json().data as QuestionVersion));
    expect(v1!.translation?.options[0]).toMatchObject({ text: 'गंगा' });
    expect(v2!.translation?.options[0]).toMatchObject({ text: 'गंगा नदी', textHtml: '<p>गंगा नदी</p>\n' });
    // The attempt keeps the Hindi it was given.
    expect((await questionsForDelivery({ db: t.db }, [{ id: q.id, version: 1 }])).get(q.id)?.translation?.options[0]?.text).toBe('गंगा');

    // Saving the same texts again writes nothing new; removing the Hindi is a change of the translation.
    expect((await api('PUT', `/${q.id}`, { ...input, translation: hindi })).json().data.version).toBe(2);
    await api('PUT', `/${q.id}`, { ...input, translation: null });
    expect((await versions(q.id))[0]).toMatchObject({ version: 2, changes: ['translation'] });
    expect(((await api('GET', `/${q.id}/versions/2`)).json().data as QuestionVersion).translation).toBeNull();
  });

  it('makes the next version when the language of a taken version’s texts changes, and names the language', async () => {
    const input = { type: 'truefalse', stem: 'दिल्ली भारत की राजधानी है।', categoryPath: 'Bilingual/Versions', options: [{ text: 'सही', correct: true }, { text: 'गलत', correct: false }] };
    // Written in Hindi, saved as English: the editor puts the language right after an attempt took it.
    const q = (await api('POST', '/', input)).json().data as AdminQuestion;
    expect(q.language).toBe('en');
    await api('POST', '/bulk', { ids: [q.id], action: 'publish' });
    const test = await makeTest(t.db, { sections: [{ questionIds: [q.id] }] });
    const candidate = { ...(await signedInUser(t.app, t.db)).auth, 'x-device-id': 'desk' };
    expect((await t.app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers: candidate })).statusCode).toBe(201);

    expect((await api('PUT', `/${q.id}`, { ...input, language: 'hi' })).json().data).toMatchObject({ version: 2, language: 'hi', stem: q.stem });
    expect((await versions(q.id)).map((v) => [v.version, v.changes])).toEqual([
      [2, ['language']],
      [1, []],
    ]);
    expect(((await api('GET', `/${q.id}/versions/1`)).json().data as QuestionVersion).language).toBe('en');
    expect(((await api('GET', `/${q.id}/versions/2`)).json().data as QuestionVersion).language).toBe('hi');
    // The attempt keeps the version it was given, in the language it named; anything new takes the Hindi.
    expect((await questionsForDelivery({ db: t.db }, [{ id: q.id, version: 1 }])).get(q.id)?.language).toBe('en');
    expect((await currentQuestionsForDelivery({ db: t.db }, [q.id])).get(q.id)?.language).toBe('hi');
  });
});
