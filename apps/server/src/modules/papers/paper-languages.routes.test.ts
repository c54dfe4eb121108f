import type { AdminTest, TestDetail, TestPreview, TestSummary } from '@abhyas/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

/**
 * A test declares the languages it is offered in; every question it gives must be readable in each:
 * fixed lists are checked when the editor saves and publishes, blueprints draw only such questions.
 * A section in one of them only asks its questions for that one.
 */
const api = useAdminApi();
const { call } = api;
const put = (url: string, payload: object) => api.t.app.inject({ method: 'PUT', url: `/api/admin${url}`, headers: api.editor, payload });
const get = (url: string) => api.t.app.inject({ method: 'GET', url });
const detailsOf = (res: LightMyRequestResponse) => res.json().details as { field: string; message: string }[];

let n = 0;
/** Published questions in a category: in English, with their Hindi when `hindi`, or in Hindi alone. */
async function questions(category: string, count: number, kind: 'english' | 'both' | 'hindi'): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    n += 1;
    const english = { stem: `Question ${n} in ${category}`, options: [{ text: `Right ${n}`, correct: true }, { text: 'Wrong', correct: false }] };
    const hindi = { stem: `प्रश्न ${n} (${category})`, options: [{ text: `सही ${n}`, correct: true }, { text: 'गलत', correct: false }] };
    const input =
      kind === 'hindi'
        ? { type: 'single', language: 'hi', categoryPath: category, ...hindi }
        : { type: 'single', categoryPath: category, ...english, translation: kind === 'both' ? { language: 'hi', stem: hindi.stem, options: hindi.options.map((o) => ({ text: o.text })) } : null };
    const res = await call('POST', '/questions', input);
    expect(res.statusCode, res.body).toBe(201);
    out.push(res.json().data.id);
  }
  await call('POST', '/questions/bulk', { ids: out, action: 'publish' });
  return out;
}

const ids = {} as Record<'english' | 'both' | 'hindi' | 'poolEnglish' | 'poolBoth' | 'poolHindi', string[]>;
beforeAll(async () => {
  ids.english = await questions('Lang/Fixed', 2, 'english');
  ids.both = await questions('Lang/Fixed', 2, 'both');
  ids.hindi = await questions('Lang/Fixed', 1, 'hindi');
  ids.poolEnglish = await questions('Lang/Pool', 4, 'english');
  ids.poolBoth = await questions('Lang/Pool', 3, 'both');
  ids.poolHindi = await questions('Lang/Pool', 2, 'hindi');
});

const testInput = (over: object = {}) => ({ title: 'Bilingual mock', durationMinutes: 20, sections: [{ title: 'GK', marks: 1, questionIds: ids.both }], ...over });

describe('a test’s languages', () => {
  it('is offered in English by default, in the languages the editor gives, shown to editors and candidates', async () => {
    const plain = (await call('POST', '/tests', testInput({ title: 'English mock', sections: [{ title: 'GK', marks: 1, questionIds: ids.english }] }))).json().data as AdminTest;
    expect(plain.languages).toEqual(['en']);
    const created = await call('POST', '/tests', testInput({ languages: ['hi', 'en'] }));
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json().data as AdminTest;
    expect(test.languages).toEqual(['hi', 'en']);
    expect((await call('GET', `/tests/${test.id}`)).json().data.languages).toEqual(['hi', 'en']);
    expect((await put(`/tests/${test.id}`, testInput({ languages: ['en', 'hi'] }))).json().data.languages).toEqual(['en', 'hi']);
    expect((await call('POST', `/tests/${test.id}/publish`)).statusCode).toBe(200);
    const listed = ((await get('/api/tests')).json().data as TestSummary[]).find((s) => s.id === test.id);
    expect(listed?.languages).toEqual(['en', 'hi']);
    expect(((await get(`/api/tests/${test.slug}`)).json().data as TestDetail).languages).toEqual(['en', 'hi']);
  });

  it('refuses no language, one twice or another language (400)', async () => {
    for (const languages of [[], ['en', 'en'], ['fr'], ['en', 'hi', 'en'], 'hi', null]) {
      const res = await call('POST', '/tests', testInput({ languages }));
      expect(res.statusCode, JSON.stringify(languages)).toBe(400);
      expect(detailsOf(res)[0]!.field).toMatch(/^languages/);
    }
  });

  it('refuses on save and on publish a fixed question without the text of one of its languages, naming it', async () => {
    const inHindi = await call('POST', '/tests', testInput({ languages: ['hi'], sections: [{ title: 'GK', marks: 1, questionIds: [...ids.both, ids.english[0]!, ids.hindi[0]!] }] }));
    expect(inHindi.statusCode).toBe(400);
    expect(detailsOf(inHindi)).toEqual([{ field: 'sections.0.questionIds', message: `The test is offered in Hindi, and these questions have no Hindi text: add it or take them out: ${ids.english[0]}` }]);
    const inBoth = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'GK', marks: 1, questionIds: [...ids.english, ids.hindi[0]!] }] }));
    expect(detailsOf(inBoth)).toEqual([
      { field: 'sections.0.questionIds', message: `The test is offered in English, and these questions have no English text: add it or take them out: ${ids.hindi[0]}` },
      { field: 'sections.0.questionIds', message: `The test is offered in Hindi, and these questions have no Hindi text: add it or take them out: ${ids.english.join(', ')}` },
    ]);
    expect((await call('POST', '/tests', testInput({ languages: ['hi'], sections: [{ title: 'GK', marks: 1, questionIds: [...ids.both, ids.hindi[0]!] }] }))).statusCode).toBe(201);

    // A question whose Hindi is taken out after the test was saved stops its publishing.
    const extra = await questions('Lang/Later', 1, 'both');
    const test = (await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'GK', marks: 1, questionIds: extra }] }))).json().data as AdminTest;
    const question = (await call('GET', `/questions/${extra[0]}`)).json().data;
    await put(`/questions/${extra[0]}`, { type: 'single', stem: question.stem, categoryPath: 'Lang/Later', options: question.options.map((o: { text: string; correct: boolean }) => ({ text: o.text, correct: o.correct })), translation: null });
    const publish = await call('POST', `/tests/${test.id}/publish`);
    expect(publish.statusCode).toBe(400);
    expect(detailsOf(publish)[0]!.message).toBe(`The test is offered in Hindi, and these questions have no Hindi text: add it or take them out: ${extra[0]}`);
  });

  it('draws from a blueprint only questions readable in every language of the test, and says so when too few are', async () => {
    const rule = (count: number) => [{ title: 'Pool', marks: 1, rules: [{ category: 'Lang/Pool', count }] }];
    const both = (await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: rule(3) }))).json().data as AdminTest;
    const hindi = (await call('POST', '/tests', testInput({ languages: ['hi'], sections: rule(5) }))).json().data as AdminTest;
    const english = (await call('POST', '/tests', testInput({ sections: rule(7) }))).json().data as AdminTest;
    const drawn = async (id: string) => {
      const seen = new Set<string>();
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) for (const q of ((await call('GET', `/tests/${id}/preview?seed=${seed}`)).json().data as TestPreview).questions) seen.add(q.questionId);
      return [...seen].sort();
    };
    expect(await drawn(both.id)).toEqual([...ids.poolBoth].sort());
    expect(await drawn(hindi.id)).toEqual([...ids.poolBoth, ...ids.poolHindi].sort());
    expect(await drawn(english.id)).toEqual([...ids.poolEnglish, ...ids.poolBoth].sort());

    // The preview shows each drawn question in both languages, options under the same letters.
    const preview = (await call('GET', `/tests/${both.id}/preview?seed=a`)).json().data as TestPreview;
    for (const q of preview.questions) {
      expect(q).toMatchObject({ language: 'en', translation: { language: 'hi' } });
      expect(q.translation!.options.map((o) => o.id)).toEqual(q.options.map((o) => o.id));
    }

    const short = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: rule(4) }));
    expect(short.statusCode).toBe(400);
    expect(detailsOf(short)).toEqual([{ field: 'sections.0.rules.0.count', message: 'The blueprint of section 1 “Pool”, rule 1 (category Lang/Pool) needs 4 questions; the bank has 3 published questions in English and Hindi matching it' }]);
    const shortHindi = await call('POST', '/tests', testInput({ languages: ['hi'], sections: rule(6) }));
    expect(detailsOf(shortHindi)[0]!.message).toContain('the bank has 5 published questions in Hindi matching it');
  });

  it('says a shortfall and a question missing a language in Hindi, the languages named in Hindi, to an editor reading Hindi', async () => {
    const hindi = { ...api.editor, 'accept-language': 'hi' };
    const short = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'Pool', marks: 1, rules: [{ category: 'Lang/Pool', count: 4 }] }] }), hindi);
    expect(short.statusCode).toBe(400);
    const shortfall = 'खंड 1 “Pool”, नियम 1 (श्रेणी Lang/Pool) के ब्लूप्रिंट के लिए 4 प्रश्न चाहिए; बैंक में इससे मेल खाते अंग्रेज़ी और हिंदी में 3 प्रकाशित प्रश्न हैं';
    expect(short.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: `sections.0.rules.0.count: ${shortfall}`, details: [{ field: 'sections.0.rules.0.count', message: shortfall }] });

    const missing = await call('POST', '/tests', testInput({ languages: ['hi'], sections: [{ title: 'GK', marks: 1, questionIds: [ids.english[0]!] }] }), hindi);
    expect(missing.statusCode).toBe(400);
    expect(detailsOf(missing)).toEqual([{ field: 'sections.0.questionIds', message: `टेस्ट हिंदी में उपलब्ध है, पर इन प्रश्नों का हिंदी पाठ नहीं है: पाठ जोड़ें या प्रश्न हटाएँ: ${ids.english[0]}` }]);
  });
});

describe('a section in one language only', () => {
  const english = { title: 'English Comprehension', marks: 1, language: 'en' };

  it('is kept on the section, shown to editors and candidates; the test’s languages when not set', async () => {
    const created = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'GK', marks: 1, questionIds: ids.both }, { ...english, questionIds: ids.english }] }));
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json().data as AdminTest;
    expect(test.sections.map((s) => s.language)).toEqual([null, 'en']);
    expect(((await call('GET', `/tests/${test.id}`)).json().data as AdminTest).sections.map((s) => s.language)).toEqual([null, 'en']);
    expect((await call('POST', `/tests/${test.id}/publish`)).statusCode).toBe(200);
    expect(((await get(`/api/tests/${test.slug}`)).json().data as TestDetail).sections.map((s) => s.language)).toEqual([null, 'en']);

    // Without the section's language its English questions need their Hindi again.
    const cleared = await put(`/tests/${test.id}`, testInput({ languages: ['en', 'hi'], sections: [{ title: 'GK', marks: 1, questionIds: ids.both }, { ...english, language: null, questionIds: ids.english }] }));
    expect(cleared.statusCode).toBe(400);
    expect(detailsOf(cleared)).toEqual([{ field: 'sections.1.questionIds', message: `The test is offered in Hindi, and these questions have no Hindi text: add it or take them out: ${ids.english.join(', ')}` }]);
  });

  it('refuses on save a fixed question without the section’s language, and asks nothing of the test’s other', async () => {
    const inEnglish = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ ...english, questionIds: [...ids.english, ...ids.both, ids.hindi[0]!] }] }));
    expect(inEnglish.statusCode).toBe(400);
    expect(detailsOf(inEnglish)).toEqual([{ field: 'sections.0.questionIds', message: `The section is in English only, and these questions have no English text: add it or take them out: ${ids.hindi[0]}` }]);
    const inHindi = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'Hindi', marks: 1, language: 'hi', questionIds: [...ids.english, ids.hindi[0]!] }] }));
    expect(detailsOf(inHindi)).toEqual([{ field: 'sections.0.questionIds', message: `The section is in Hindi only, and these questions have no Hindi text: add it or take them out: ${ids.english.join(', ')}` }]);
    expect((await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'Hindi', marks: 1, language: 'hi', questionIds: [...ids.both, ids.hindi[0]!] }] }))).statusCode).toBe(201);
  });

  it('draws its blueprint from the questions readable in its language, and names that language when too few are', async () => {
    const pool = (language: string | null, count: number) => ({ title: `Pool ${language}`, marks: 1, language, rules: [{ category: 'Lang/Pool', count }] });
    const test = (await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [pool('en', 7)] }))).json().data as AdminTest;
    const drawn = ((await call('GET', `/tests/${test.id}/preview?seed=a`)).json().data as TestPreview).questions.map((q) => q.questionId);
    expect(drawn.sort()).toEqual([...ids.poolEnglish, ...ids.poolBoth].sort());
    const inHindi = (await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [pool('hi', 5)] }))).json().data as AdminTest;
    expect(((await call('GET', `/tests/${inHindi.id}/preview?seed=b`)).json().data as TestPreview).questions.map((q) => q.questionId).sort()).toEqual([...ids.poolBoth, ...ids.poolHindi].sort());

    const short = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [pool('en', 8)] }));
    expect(detailsOf(short)).toEqual([{ field: 'sections.0.rules.0.count', message: 'The blueprint of section 1 “Pool en”, rule 1 (category Lang/Pool) needs 8 questions; the bank has 7 published questions in English matching it' }]);
    // An English section and a Hindi one share the bilingual questions: together they are short of one.
    const shared = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [pool('en', 5), pool('hi', 5)] }));
    expect(detailsOf(shared)).toEqual([
      {
        field: 'sections.0.rules.0.count',
        message:
          'The blueprint rules section 1 “Pool en”, rule 1 (category Lang/Pool); section 2 “Pool hi”, rule 1 (category Lang/Pool) need 10 questions together; the bank has 9 published questions in English or Hindi matching them',
      },
    ]);
  });

  it('refuses a section language the test is not offered in, or no language at all (400)', async () => {
    const notOffered = await call('POST', '/tests', testInput({ sections: [{ title: 'Hindi', marks: 1, language: 'hi', questionIds: ids.both }] }));
    expect(notOffered.statusCode).toBe(400);
    expect(detailsOf(notOffered)).toEqual([{ field: 'sections.0.language', message: 'A section can be in one language only if the test is offered in it' }]);
    for (const language of ['fr', 'EN', 1, ['en']]) {
      const res = await call('POST', '/tests', testInput({ languages: ['en', 'hi'], sections: [{ title: 'GK', marks: 1, language, questionIds: ids.both }] }));
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(detailsOf(res)[0]!.field).toBe('sections.0.language');
    }
    const test = (await call('POST', '/tests', testInput({ languages: ['en', 'hi'] }))).json().data as AdminTest;
    const narrowed = await put(`/tests/${test.id}`, testInput({ languages: ['hi'], sections: [{ title: 'GK', marks: 1, language: 'en', questionIds: ids.both }] }));
    expect(narrowed.statusCode).toBe(400);
    expect(detailsOf(narrowed)[0]!.field).toBe('sections.0.language');
  });
});
