import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { readFileSync } from 'node:fs';
import { parseMoodleXml } from './formats/moodlexml/parse-moodlexml.js';
import type { ParseResult, ParsedQuestion } from './formats/types.js';
import { importQuestions } from './import.service.js';
import { createQuestion } from './questions.service.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

const deps = () => ({ db: handle.db, clock: systemClock });
let line = 0;
function q(stem: string, over: Partial<ParsedQuestion> = {}): ParsedQuestion {
  line += 3;
  return {
    position: { line },
    type: 'single',
    stem: { text: stem, format: 'plain' },
    options: [
      { text: { text: 'Right', format: 'plain' }, fraction: 1, feedback: { text: 'Yes', format: 'plain' } },
      { text: { text: 'Wrong', format: 'plain' }, fraction: 0 },
    ],
    tags: ['Quant', 'quant', 'percentages'],
    images: [],
    ...over,
  };
}
const result = (questions: ParsedQuestion[], extra: Partial<ParseResult> = {}): ParseResult => ({ format: 'gift', questions, skipped: [], errors: [], ...extra });

describe('importQuestions', () => {
  it('previews a dry run and writes nothing', async () => {
    const report = await importQuestions(deps(), BY_SERVER, result([q('What is 10% of 50?', { category: 'SSC/Quant' })]), { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, imported: 1, duplicates: 0, errors: [], byType: { single: 1 } });
    expect(report.preview).toEqual([{ position: { line: 3 }, type: 'single', stem: 'What is 10% of 50?', options: 2, category: 'SSC/Quant', languages: ['en'] }]);
    expect(await handle.db.selectFrom('questions').select('id').execute()).toEqual([]);
  });

  it('commits questions with options, tags and their category tree, then refuses to duplicate them', async () => {
    const parsed = result([q('Price rose from ₹40 to ₹50. Percentage rise?', { category: '$course$/top/SSC/Quant', title: 'Rise' }), q('A second question', { category: 'SSC/Quant/Ratio' })], {
      skipped: [{ position: { line: 20 }, type: 'shortanswer', reason: 'Short-answer questions are not supported' }],
    });
    const report = await importQuestions(deps(), BY_SERVER, parsed, { dryRun: false, sourceFile: 'quant.gift' });
    expect(report).toMatchObject({ imported: 2, duplicates: 0, byType: { single: 2, shortanswer: 1 } });
    expect(report.skipped).toHaveLength(1);

    const categories = await handle.db.selectFrom('question_categories').select(['path', 'name']).orderBy('path').execute();
    expect(categories).toEqual([
      { path: 'SSC', name: 'SSC' },
      { path: 'SSC/Quant', name: 'Quant' },
      { path: 'SSC/Quant/Ratio', name: 'Ratio' },
    ]);
    const stored = await handle.db.selectFrom('questions').selectAll().where('title', '=', 'Rise').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'single', source: 'import', source_format: 'gift', source_file: 'quant.gift', status: 'draft', tags: '["quant","percentages"]' });
    const options = await handle.db.selectFrom('question_options').selectAll().where('question_id', '=', stored.id).orderBy('position').execute();
    expect(options.map((o) => [o.text, o.fraction, o.feedback])).toEqual([
      ['Right', 1, 'Yes'],
      ['Wrong', 0, null],
    ]);
    const tags = await handle.db.selectFrom('question_tags').select('tag').where('question_id', '=', stored.id).orderBy('tag').execute();
    expect(tags.map((t) => t.tag)).toEqual(['percentages', 'quant']);

    const again = await importQuestions(deps(), BY_SERVER, parsed, { dryRun: false });
    expect(again).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await handle.db.selectFrom('questions').select('id').execute()).toHaveLength(2);
  });

  it('counts a question twice in one file once, and reports unusable questions with their position', async () => {
    const sevenOptions = Array.from({ length: 7 }, (_, i) => ({ text: { text: `o${i}`, format: 'plain' as const }, fraction: i === 0 ? 1 : 0 }));
    const report = await importQuestions(
      deps(),
      BY_SERVER,
      result([
        q('Twice in the file'),
        q('Twice in the file'),
        q('Too many options', { options: sevenOptions, position: { line: 40 } }),
        q('Nothing correct', { options: [{ text: { text: 'a', format: 'plain' }, fraction: 0 }, { text: { text: 'b', format: 'plain' }, fraction: -0.5 }], position: { line: 50 } }),
      ]),
      { dryRun: false },
    );
    expect(report.imported).toBe(1);
    expect(report.duplicates).toBe(1);
    expect(report.errors).toEqual([
      { position: { line: 40 }, message: 'Abhyas supports 2 to 6 options; this question has 7' },
      { position: { line: 50 }, message: 'No option is marked correct' },
    ]);
  });

  it('keeps plain text literal, sanitises HTML, and notes Hindi questions', async () => {
    await importQuestions(
      deps(),
      BY_SERVER,
      result([
        q('It costs $5 and *not* $6 <b>ok</b>', { position: { line: 60 } }),
        q('<p>Bold <b>claim</b><script>alert(1)</script></p>', { stem: { text: '<p>Bold <b>claim</b><script>alert(1)</script></p>', format: 'html' } }),
        q('भारत की राजधानी क्या है?'),
      ]),
      { dryRun: false },
    );
    const rows = await handle.db.selectFrom('questions').select(['stem', 'stem_html', 'language']).execute();
    const plain = rows.find((r) => r.stem.startsWith('It costs'))!;
    expect(plain.stem_html).toBe('<p>It costs $5 and *not* $6 &lt;b&gt;ok&lt;/b&gt;</p>\n');
    const html = rows.find((r) => r.stem.includes('Bold'))!;
    expect(html.stem_html).toContain('<b>claim</b>');
    expect(html.stem_html).not.toContain('script');
    expect(rows.find((r) => r.stem.startsWith('भारत'))!.language).toBe('hi');
  });

  it('imports Moodle multichoiceset questions as all or nothing, with the editor\'s fractions, and a second time adds nothing', async () => {
    const parsed = parseMoodleXml(readFileSync(new URL('./formats/moodlexml/fixtures/multichoiceset.xml', import.meta.url)));
    const report = await importQuestions(deps(), BY_SERVER, parsed, { dryRun: false, category: 'Moodle' });
    expect(report).toMatchObject({ imported: 3, duplicates: 0, errors: [], byType: { multiple: 3, multichoiceset: 1 } });
    expect(report.skipped.map((s) => s.type)).toEqual(['multichoiceset']);
    const rows = await handle.db.selectFrom('questions').select(['id', 'title', 'type', 'marking']).where('title', 'in', ['M9D2HWQ15', 'M9D2HWQ9']).orderBy('title').execute();
    expect(rows.map((r) => [r.title, r.type, r.marking])).toEqual([['M9D2HWQ15', 'multiple', 'all_or_nothing'], ['M9D2HWQ9', 'multiple', 'all_or_nothing']]);
    const fractions = async (id: string) => (await handle.db.selectFrom('question_options').select('fraction').where('question_id', '=', id).orderBy('position').execute()).map((o) => o.fraction);
    const third = 1 / 3;
    expect(await fractions(rows[0]!.id)).toEqual([third, -third, third, third]);
    expect(await fractions(rows[1]!.id)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(await importQuestions(deps(), BY_SERVER, parsed, { dryRun: false, category: 'Moodle' })).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it('tells a multichoice from a multichoiceset with the same content; each is the question an editor types with that marking', async () => {
    const answers = (positive: string) =>
      `<answer fraction="${positive}"><text>Mercury</text></answer><answer fraction="${positive}"><text>Venus</text></answer><answer fraction="-50"><text>Mars</text></answer><answer fraction="-50"><text>Jupiter</text></answer>`;
    const question = (type: string, single: string, positive: string) =>
      `<question type="${type}"><questiontext format="markdown"><text>Which planets are closer to the Sun than Earth?</text></questiontext>${single}${answers(positive)}</question>`;
    const xml = `<quiz>${question('multichoice', '<single>false</single>', '50')}${question('multichoiceset', '', '100')}</quiz>`;
    const report = await importQuestions(deps(), BY_SERVER, parseMoodleXml(xml), { dryRun: false });
    expect(report).toMatchObject({ imported: 2, duplicates: 0, errors: [] });

    const typed = {
      type: 'multiple' as const,
      stem: 'Which planets are closer to the Sun than Earth?',
      options: ['Mercury', 'Venus', 'Mars', 'Jupiter'].map((text, i) => ({ text, correct: i < 2 })),
      difficulty: 'medium' as const,
      marks: 1,
      negativeMarks: 0,
      tags: [],
      language: 'en' as const,
    };
    await expect(createQuestion(deps(), BY_SERVER, { ...typed, marking: 'allOrNothing' }, null)).rejects.toMatchObject({ statusCode: 409 });
    await expect(createQuestion(deps(), BY_SERVER, { ...typed, marking: 'partial' }, null)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('stores the difficulty a file gives, medium otherwise', async () => {
    await importQuestions(deps(), BY_SERVER, result([q('An easy one', { difficulty: 'easy' }), q('A plain one')]), { dryRun: false });
    const rows = await handle.db.selectFrom('questions').select(['stem', 'difficulty']).where('stem', 'in', ['An easy one', 'A plain one']).orderBy('stem').execute();
    expect(rows).toEqual([{ stem: 'A plain one', difficulty: 'medium' }, { stem: 'An easy one', difficulty: 'easy' }]);
  });

  it('keeps all or nothing for multiple-answer questions only', async () => {
    await importQuestions(deps(), BY_SERVER, result([q('Single, said to be all or nothing', { marking: 'allOrNothing' })]), { dryRun: false });
    const row = await handle.db.selectFrom('questions').select('marking').where('stem', '=', 'Single, said to be all or nothing').executeTakeFirstOrThrow();
    expect(row.marking).toBe('partial');
  });
});
