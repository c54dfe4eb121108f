import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv, parseCsvWithExtras } from './parse-csv.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const fractions = (q: { options: { fraction: number }[] } | undefined): number[] | undefined => q?.options.map((o) => o.fraction);

describe('parseCsv: the three types and every column', () => {
  const { result, extras } = parseCsvWithExtras(fixture('basic.csv'));
  const [single, multiple, tf, quoted] = result.questions;

  it('imports every row, each at its first line (a quoted field spans lines 3–4)', () => {
    expect(result.format).toBe('csv');
    expect(result.errors).toEqual([]);
    expect(result.questions.map((q) => q.position.line)).toEqual([2, 3, 5, 6]);
  });
  it('single: fraction 1 for the correct letter, all columns mapped, markdown by default', () => {
    expect(single).toEqual({
      position: { line: 2 },
      type: 'single',
      title: 'Percent basics',
      stem: { text: 'What is 15% of 200?', format: 'markdown' },
      options: ['20', '25', '30', '35'].map((text, i) => ({ text: { text, format: 'markdown' }, fraction: i === 2 ? 1 : 0 })),
      generalFeedback: { text: '15/100 × 200 = 30, so C', format: 'markdown' },
      category: 'Quant/Percentages',
      tags: ['ssc', 'cgl 2023'],
      defaultMarks: 2,
      difficulty: 'easy',
      images: [],
    });
    expect(extras.get(0)).toEqual({ difficulty: 'easy', negativeMarks: 0.5 });
  });
  it('multiple: credit split evenly among the correct options, the same share taken for wrong ones; quoted newline kept', () => {
    expect(multiple?.type).toBe('multiple');
    expect(multiple?.stem).toEqual({ text: 'Which are prime numbers?\n(Select all that apply)', format: 'plain' });
    expect(fractions(multiple)).toEqual([0.5, -0.5, 0.5, -0.5]);
    expect(extras.get(1)).toEqual({ difficulty: 'medium' });
  });
  it('truefalse: True then False, Hindi text, negative marks read without their sign', () => {
    expect(tf?.type).toBe('truefalse');
    expect(tf?.stem.text).toBe('भारत की राजधानी नई दिल्ली है।');
    expect(tf?.options.map((o) => [o.text.text, o.fraction])).toEqual([['True', 1], ['False', 0]]);
    expect(tf?.generalFeedback?.text).toBe('नई दिल्ली, 1931 से');
    expect(tf?.category).toBe('सामान्य ज्ञान/भूगोल');
    expect(tf?.tags).toEqual(['हिंदी']);
    expect(extras.get(2)).toEqual({ difficulty: 'hard', negativeMarks: 0.25 });
  });
  it('doubled quotes, lower-case correct letter, html format; no extras when none are given', () => {
    expect(quoted?.stem).toEqual({ text: 'Pick the quoted one: "yes"', format: 'html' });
    expect(quoted?.options[0]?.text.text).toBe('"yes"');
    expect(fractions(quoted)).toEqual([1, 0]);
    expect(extras.has(3)).toBe(false);
  });
  it('parseCsv is the plain Parser', () => {
    expect(parseCsv(fixture('basic.csv'))).toEqual(result);
  });
});

describe('parseCsv: encodings and delimiters', () => {
  it('reads an Excel `;` file with BOM, CRLF, case-insensitive headers, decimal comma and Hindi', () => {
    const r = parseCsv(fixture('excel-semicolon.csv'));
    expect(r.errors).toEqual([]);
    expect(r.questions.map((q) => [q.position.line, q.stem.text, q.defaultMarks, fractions(q)])).toEqual([
      [2, 'भारत का राष्ट्रीय पशु कौन सा है?', 1.5, [0, 1, 0]],
      [3, 'Semicolons; inside quotes', 2, [1, 0]],
    ]);
  });
  it('detects tabs from the header', () => {
    expect(detectDelimiter('question\toption_a\toption_b\tcorrect\nQ, with comma\tx\ty\tB\n')).toBe('\t');
    const r = parseCsv('question\toption_a\toption_b\tcorrect\nQ, with comma\tx\ty\tB\n');
    expect(r.questions[0]?.stem.text).toBe('Q, with comma');
    expect(fractions(r.questions[0])).toEqual([0, 1]);
  });
  it('keeps commas when the header has more commas than semicolons', () => {
    expect(detectDelimiter('"a;b;c",question,x\n')).toBe(',');
  });
  it('reports an invalid UTF-8 byte at its line and still imports the row', () => {
    const r = parseCsv(fixture('invalid-utf8.csv'));
    expect(r.questions.map((q) => q.stem.text)).toEqual(['fine', 'caf\uFFFD au lait']);
    expect(r.errors).toEqual([{ position: { line: 3 }, message: 'Invalid UTF-8 bytes; they were replaced with �' }]);
  });
});

describe('parseCsv: errors per row with line numbers (the rest still imports)', () => {
  const r = parseCsv(fixture('errors.csv'));
  const at = (line: number): string | undefined => r.errors.find((e) => e.position.line === line)?.message;

  it('imports the good rows and reports the others in line order', () => {
    expect(r.questions.map((q) => [q.position.line, q.stem.text])).toEqual([[2, 'Good row'], [17, 'Last good row']]);
    expect(r.errors.map((e) => e.position.line)).toEqual([1, 3, 4, 5, 6, 7, 8, 10, 11, 12, 15, 16]);
  });
  it('unknown columns: one warning naming them', () => {
    expect(at(1)).toBe('Warning: unknown columns ignored: colour, notes');
  });
  it('empty question', () => expect(at(3)).toBe('Row on line 3: question is empty'));
  it('fewer than 2 options', () => expect(at(4)).toBe('Row on line 4: Abhyas supports 2 to 6 options; this row has 1'));
  it('a gap in the options', () => expect(at(5)).toMatch(/option_b is empty but option_c is filled/));
  it('a correct letter beyond the options', () => expect(at(6)).toMatch(/correct "D" must use the letters of filled options \(A-B\)/));
  it('two letters for a single question', () => expect(at(7)).toMatch(/must be one letter/));
  it('a bad difficulty, reported at the first line of a multi-line row', () => expect(at(8)).toMatch(/^Row on line 8: difficulty "tough"/));
  it('bad marks', () => expect(at(10)).toMatch(/marks "-2" must be a number greater than 0/));
  it('bad format', () => expect(at(11)).toMatch(/format "rtf" must be markdown, plain or html/));
  it('a bad truefalse answer', () => expect(at(12)).toMatch(/correct "Yes" must be T, F, True or False/));
  it('an unknown type is skipped, not dropped', () => {
    expect(r.skipped).toEqual([{ position: { line: 13 }, type: 'essay', reason: expect.stringContaining('"essay"') as string }]);
  });
  it('an all-empty row is ignored (line 14), extra fields are an error', () => {
    expect(at(14)).toBeUndefined();
    expect(at(15)).toBe('Row on line 15 has 12 fields but the header has 11; check quoting');
  });
  it('multiple with no correct option; `B, C` is accepted for multiple', () => {
    expect(at(16)).toBe('Row on line 16: correct is empty');
    expect(fractions(r.questions[1])).toEqual([-0.5, 0.5, 0.5]);
  });
  it('reads the marking column: all-or-nothing for multiple only, partial by default, anything else refused', () => {
    const m = parseCsv(
      'question,option_a,option_b,option_c,correct,type,marking\n' +
        'Primes?,2,4,5,A;C,multiple,All-or-Nothing\n' +
        'Evens?,2,4,5,A;B,multiple,partial\n' +
        'Odd?,2,4,5,C,multiple,\n' +
        'One?,2,4,5,A,single,all_or_nothing\n' +
        'Some?,2,4,5,A;B,multiple,sometimes\n',
    );
    expect(m.questions.map((q) => [q.stem.text, q.marking])).toEqual([['Primes?', 'allOrNothing'], ['Evens?', undefined], ['Odd?', undefined]]);
    expect(fractions(m.questions[0])).toEqual([0.5, -0.5, 0.5]);
    expect(m.errors.map((e) => e.message)).toEqual([
      'Row on line 5: only a multiple-answer question can be marked all-or-nothing',
      'Row on line 6: marking "sometimes" must be partial or all-or-nothing',
    ]);
  });
  it('a missing question column is one error for the whole file', () => {
    const m = parseCsv('title,option_a,option_b,correct\nT,x,y,A\n');
    expect(m.questions).toEqual([]);
    expect(m.errors).toEqual([{ position: { line: 1 }, message: expect.stringMatching(/no "question" column/) as string }]);
  });
  it('an empty file is one error', () => {
    expect(parseCsv('').errors.map((e) => e.position.line)).toEqual([1]);
  });
  it('an unclosed quote is reported at the row where it opens; the rows before still import', () => {
    const m = parseCsv('question,option_a,option_b,correct\nok,x,y,A\n"never closed,x,y,A\nlost,x,y,B\n');
    expect(m.questions.map((q) => q.stem.text)).toEqual(['ok']);
    expect(m.errors.map((e) => e.position.line)).toEqual([3]);
    expect(m.errors[0]?.message).toMatch(/^Row on line 3 could not be read: Quote Not Closed/);
  });
  it('reads the Hindi beside each text, an empty Hindi option taking the option, and refuses one beside no option', () => {
    const m = parseCsv(
      'question,question_hi,option_a,option_a_hi,option_b,option_b_hi,option_c_hi,correct,explanation_hi\n' +
        'Capital?,राजधानी?,Delhi,दिल्ली,1911,,,A,दिल्ली 1931 से\n' +
        'Q?,प्र?,a,क,b,ख,ग,A,\n',
    );
    expect(m.questions).toEqual([
      expect.objectContaining({
        language: 'en',
        translation: {
          language: 'hi',
          stem: { text: 'राजधानी?', format: 'markdown' },
          generalFeedback: { text: 'दिल्ली 1931 से', format: 'markdown' },
          options: [{ text: { text: 'दिल्ली', format: 'markdown' } }, { text: { text: '1911', format: 'markdown' } }],
        },
      }),
    ]);
    expect(m.errors.map((e) => e.message)).toEqual(['Row on line 3: option_c_hi is filled but option_c is empty']);
  });
  it('a stray quote inside an unquoted field is kept (relaxed quoting)', () => {
    const m = parseCsv('question,option_a,option_b,correct\nA 5" screen,x,y,A\n');
    expect(m.errors).toEqual([]);
    expect(m.questions[0]?.stem.text).toBe('A 5" screen');
  });
});
