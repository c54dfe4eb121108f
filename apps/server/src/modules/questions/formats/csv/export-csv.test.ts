import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedQuestion, TextFormat } from '../types.js';
import type { CsvExtras } from './columns.js';
import { exportCsv, exportCsvDetailed } from './export-csv.js';
import { parseCsv, parseCsvWithExtras } from './parse-csv.js';

const question = (type: ParsedQuestion['type'], options: [string, number][], extra: Partial<ParsedQuestion> = {}): ParsedQuestion => ({
  position: {},
  type,
  stem: { text: 'Q?', format: 'markdown' },
  options: options.map(([text, fraction]) => ({ text: { text, format: 'markdown' }, fraction })),
  tags: [],
  images: [],
  ...extra,
});
const withoutPosition = (qs: ParsedQuestion[]): ParsedQuestion[] => qs.map((q) => ({ ...q, position: {} }));

describe('exportCsv', () => {
  it('writes the header and quotes fields with commas, quotes and newlines', () => {
    const q = question('single', [['a, b', 1], ['say "hi"', 0]], { stem: { text: 'Line 1\nLine 2', format: 'markdown' }, defaultMarks: 2 });
    const text = exportCsv([q]);
    expect(text).toBe(
      'type,question,question_hi,option_a,option_a_hi,option_b,option_b_hi,option_c,option_c_hi,option_d,option_d_hi,option_e,option_e_hi,option_f,option_f_hi,' +
        'correct,explanation,explanation_hi,category,tags,difficulty,marks,negative_marks,title,format,marking\n' +
        'single,"Line 1\nLine 2",,"a, b",,"say ""hi""",,,,,,,,,,A,,,,,,2,,,markdown,\n',
    );
    expect(withoutPosition(parseCsv(text).questions)).toEqual([q]);
  });

  it('writes extras (difficulty, negative marks) and a BOM on request', () => {
    const extras: CsvExtras = new Map([[0, { difficulty: 'hard', negativeMarks: 0.25 }]]);
    const text = exportCsv([question('truefalse', [['True', 0], ['False', 1]])], { extras, bom: true });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const back = parseCsvWithExtras(text);
    expect(back.result.questions[0]?.options.map((o) => o.fraction)).toEqual([0, 1]);
    expect(back.extras.get(0)).toEqual({ difficulty: 'hard', negativeMarks: 0.25 });
  });

  it('writes the difficulty and all-or-nothing marking in their columns, and reads them back', () => {
    const q = question('multiple', [['2', 0.5], ['4', -0.5], ['5', 0.5]], { marking: 'allOrNothing', difficulty: 'hard' });
    const text = exportCsv([q, question('multiple', [['a', 1], ['b', -1]])]);
    const [header, first, second] = text.split('\n');
    expect(header?.split(',').slice(-2)).toEqual(['format', 'marking']);
    expect(first).toMatch(/,hard,.*,all-or-nothing$/);
    expect(second).toMatch(/,markdown,$/);
    expect(withoutPosition(parseCsv(text).questions)[0]).toEqual(q);
  });

  it('reports questions CSV cannot represent, with their index', () => {
    const { text, skipped } = exportCsvDetailed([
      question('single', [['a', 1], ['b', 1]]),
      question('multiple', [['a', 0.7], ['b', 0.3]]),
      question('multiple', [['a', 1], ['b', -0.5]]),
      question('single', ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((t, i): [string, number] => [t, i === 0 ? 1 : 0])),
      question('single', [['a', 1], ['b', 0]], { tags: ['a;b'] }),
      question('single', [['a', 1], ['b', 0]], { stem: { text: '<b>Q</b>', format: 'html' } }),
      question('truefalse', [['Yes', 1], ['No', 0]]),
      question('single', [['a', 1], ['b', 0]]),
    ]);
    expect(skipped.map((s) => s.position.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(skipped[1]?.reason).toMatch(/splits credit evenly/);
    expect(skipped[3]?.reason).toMatch(/this question has 7/);
    expect(parseCsv(text).questions).toHaveLength(1);
  });

  it('round-trips (property: all types, unicode incl. Hindi, quotes, delimiters, newlines)', () => {
    const chars = fc.constantFrom(...[...'abcXYZ 019 .,;:!?"\'()[]{}<>&*_#`~@$%^-+=/\\|\t\n…–₹€ éüß नईदिल्लीकखग् 中文 😀']);
    const text = fc.array(chars, { minLength: 1, maxLength: 25 }).map((a) => a.join('').trim()).filter((s) => s !== '');
    const optional = fc.option(text, { nil: undefined });
    const format = fc.constantFrom<TextFormat>('markdown', 'plain', 'html');
    const q = fc
      .record({
        type: fc.constantFrom('single', 'multiple', 'truefalse' as const),
        stem: text,
        options: fc.array(text, { minLength: 2, maxLength: 6 }),
        correct: fc.uniqueArray(fc.nat({ max: 5 }), { minLength: 1, maxLength: 6 }),
        format,
        title: optional,
        explanation: optional,
        category: optional,
        tags: fc.array(text.filter((t) => !t.includes(';')), { maxLength: 3 }),
        marks: fc.option(fc.integer({ min: 1, max: 400 }).map((n) => n / 4), { nil: undefined }),
        difficulty: fc.option(fc.constantFrom('easy', 'medium', 'hard' as const), { nil: undefined }),
        allOrNothing: fc.boolean(),
      })
      .map((r): ParsedQuestion => {
        const labels = r.type === 'truefalse' ? ['True', 'False'] : r.options;
        const correct = r.correct.map((c) => c % labels.length).filter((c, i, all) => all.indexOf(c) === i);
        const picked = r.type === 'multiple' ? correct : [correct[0]!];
        const out: ParsedQuestion = {
          position: {},
          type: r.type,
          stem: { text: r.stem, format: r.format },
          options: labels.map((t, i) => ({ text: { text: t, format: r.format }, fraction: picked.includes(i) ? 1 / picked.length : r.type === 'multiple' ? -1 / picked.length : 0 })),
          tags: r.tags,
          images: [],
        };
        if (r.title !== undefined) out.title = r.title;
        if (r.explanation !== undefined) out.generalFeedback = { text: r.explanation, format: r.format };
        if (r.category !== undefined) out.category = r.category;
        if (r.marks !== undefined) out.defaultMarks = r.marks;
        if (r.difficulty !== undefined) out.difficulty = r.difficulty;
        if (r.allOrNothing && r.type === 'multiple') out.marking = 'allOrNothing';
        return out;
      });
    fc.assert(
      fc.property(fc.array(q, { minLength: 1, maxLength: 5 }), fc.boolean(), (questions, bom) => {
        const { text, skipped } = exportCsvDetailed(questions, { bom });
        expect(skipped).toEqual([]);
        const back = parseCsv(text);
        expect(back.errors).toEqual([]);
        expect(withoutPosition(back.questions)).toEqual(questions);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a spreadsheet from running a cell as a formula, and reads the cell back unchanged', () => {
    const stem = '=HYPERLINK("https://attacker.example","Click for answers")';
    const q = {
      position: { index: 1 },
      type: 'single' as const,
      stem: { text: stem, format: 'plain' as const },
      options: [
        { text: { text: '+91 is the code', format: 'plain' as const }, fraction: 1 },
        { text: { text: '@home', format: 'plain' as const }, fraction: 0 },
      ],
      tags: [],
      images: [],
    };
    const text = exportCsv([q]);
    for (const line of text.split('\n').slice(1)) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    }
    const back = parseCsv(text).questions[0]!;
    expect(back.stem.text).toBe(stem);
    expect(back.options.map((o) => o.text.text)).toEqual(['+91 is the code', '@home']);
  });
});
