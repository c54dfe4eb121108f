import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import type { ParseResult, ParsedQuestion } from './formats/types.js';
import { importQuestions } from './import.service.js';

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
    const report = await importQuestions(deps(), result([q('What is 10% of 50?', { category: 'SSC/Quant' })]), { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, imported: 1, duplicates: 0, errors: [], byType: { single: 1 } });
    expect(report.preview).toEqual([{ position: { line: 3 }, type: 'single', stem: 'What is 10% of 50?', options: 2, category: 'SSC/Quant' }]);
    expect(await handle.db.selectFrom('questions').select('id').execute()).toEqual([]);
  });

  it('commits questions with options, tags and their category tree, then refuses to duplicate them', async () => {
    const parsed = result([q('Price rose from ₹40 to ₹50. Percentage rise?', { category: '$course$/top/SSC/Quant', title: 'Rise' }), q('A second question', { category: 'SSC/Quant/Ratio' })], {
      skipped: [{ position: { line: 20 }, type: 'shortanswer', reason: 'Short-answer questions are not supported' }],
    });
    const report = await importQuestions(deps(), parsed, { dryRun: false, sourceFile: 'quant.gift' });
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

    const again = await importQuestions(deps(), parsed, { dryRun: false });
    expect(again).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await handle.db.selectFrom('questions').select('id').execute()).toHaveLength(2);
  });

  it('counts a question twice in one file once, and reports unusable questions with their position', async () => {
    const sevenOptions = Array.from({ length: 7 }, (_, i) => ({ text: { text: `o${i}`, format: 'plain' as const }, fraction: i === 0 ? 1 : 0 }));
    const report = await importQuestions(
      deps(),
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
});
