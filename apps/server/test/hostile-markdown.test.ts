import { describe, expect, it } from 'vitest';
import { useAdminApi } from './admin-api.js';

// Maths and Markdown nested past any real document's needs are refused before KaTeX or
// markdown-it could exhaust the stack, on every route that stores or previews Markdown.
const DEEP_MATHS = `$${'{'.repeat(1000)}x${'}'.repeat(1000)}$`;
const LONG_MATHS = `$${'x+'.repeat(1500)}x$`;
const DEEP_QUOTES = `${'>'.repeat(1000)} deep`;
const lists = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
const DEEP_LISTS = lists(60);

const api = useAdminApi();
const call = (method: 'POST', url: string, payload: object) => api.call(method, url, payload);
let asked = 0;
// Each question unique, so none is refused as already in the bank before its Markdown is read.
const question = (over: object) => ({ type: 'single', stem: `What is 2 + ${(asked += 1)}?`, options: [{ text: '4', correct: true }, { text: '5', correct: false }], ...over });

// An option and its feedback hold at most 2,000 characters: they get the shortest text that still goes too deep.
const writes: [string, 'POST', string, (md: string) => object, string][] = [
  ['preview', 'POST', '/preview', (md) => ({ content: md }), 'content'],
  ['blog create', 'POST', '/blogs', (md) => ({ title: 'Deep', content: md }), 'content'],
  ['topic create', 'POST', '/topics', (md) => ({ title: 'Deep', content: md, category: 'SSC', difficulty: 'Beginner' }), 'content'],
  ['question stem', 'POST', '/questions', (md) => question({ stem: md }), 'stem'],
  ['question explanation', 'POST', '/questions', (md) => question({ explanation: md }), 'explanation'],
  ['question option', 'POST', '/questions', (md) => question({ options: [{ text: md, correct: true }, { text: '5', correct: false }] }), 'options.0.text'],
  ['question feedback', 'POST', '/questions', (md) => question({ options: [{ text: '4', correct: true, feedback: md }, { text: '5', correct: false }] }), 'options.0.feedback'],
];

describe.each([
  ['maths nested 1000 braces deep', DEEP_MATHS, `$${'{'.repeat(51)}x${'}'.repeat(51)}$`, /^Maths nested too deeply \(more than 50 levels of braces\)$/],
  ['a formula of 3,000 characters', LONG_MATHS, null, /^A formula is too long \(more than 2000 characters\)$/],
  ['2,001 formulas', '$x$ '.repeat(2001), null, /^Too many formulas \(more than 2000\)$/],
  ['51,974 characters of maths', `$${'x+'.repeat(999)}x$\n\n`.repeat(26), null, /^Too much maths \(more than 50000 characters of formulas\)$/],
  ['quotes nested 1000 deep', DEEP_QUOTES, DEEP_QUOTES, /^Markdown nested too deeply/],
  ['lists nested 60 deep', DEEP_LISTS, lists(11), /^Markdown nested too deeply/],
])('%s', (_name, markdown, shortText, message) => {
  const short = (label: string) => label === 'question option' || label === 'question feedback';
  // A formula longer than an option may be at all is refused there by the option's own length.
  // Nor can a question's stem or explanation (20,000 characters) hold more maths than a text may.
  const fits = ([label]: (typeof writes)[number]) => (shortText !== null || !short(label)) && (markdown.length <= 20_000 || !label.startsWith('question'));
  const routes = writes.filter(fits);
  it.each(routes)('is refused with 400 on the %s', async (label, method, url, payload, field) => {
    const res = await call(method, url, payload(short(label) ? (shortText ?? '') : markdown));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details).toEqual([{ field, message: expect.stringMatching(message) }]);
  });
});

describe('Markdown within the bounds', () => {
  it('renders maths nested 50 braces deep and a formula of 2,000 characters', async () => {
    const res = await call('POST', '/preview', { content: `$${'{'.repeat(50)}x${'}'.repeat(50)}$ and $${'x+'.repeat(999)}xy$` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().html.match(/class="katex"/g)).toHaveLength(2);
  });

  it('stores a large legitimate document with lists, quotes and maths', async () => {
    const section = (i: number) =>
      `## Section ${i}\n\n> A quote with $\\frac{a_${i}}{b^{2}}$ and **bold**\n>\n> > nested once\n\n- one\n  - two\n    - three $\\sqrt{x_{${i}}}$\n\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$\n\n`;
    const content = Array.from({ length: 300 }, (_, i) => section(i)).join('');
    expect(content.length).toBeGreaterThan(50_000);
    const res = await call('POST', '/blogs', { title: 'Long', content });
    expect(res.statusCode, res.body).toBe(201);
    const preview = await call('POST', '/preview', { content });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html.match(/class="katex"/g)).toHaveLength(900);
  });
});

describe('a question file with maths nested too deeply', () => {
  it('is refused with 400 naming the question, and nothing is imported', async () => {
    // GIFT's [markdown] texts reach the renderer as written; braces are escaped in GIFT.
    const gift = `::Fine:: [markdown]What is $\\frac\\{1\\}\\{2\\}$ of 4? {=2 ~1}\n\n::Deep:: [markdown]What is $${'\\{'.repeat(1000)}x${'\\}'.repeat(1000)}$? {=x ~y}\n`;
    const res = await api.t.app.inject({ method: 'POST', url: '/api/admin/questions/import?format=gift&dryRun=false', headers: { ...api.editor, 'content-type': 'text/plain' }, payload: gift });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([{ field: 'file', message: 'The question at line 3: Maths nested too deeply (more than 50 levels of braces)' }]);
    const stored = await api.t.db.selectFrom('questions').select('id').where('stem', 'like', '%of 4?%').execute();
    expect(stored).toHaveLength(0);
  });
});
