import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedQuestion } from '../types.js';
import { aikenProblem, exportAiken } from './export-aiken.js';
import { parseAiken } from './parse-aiken.js';

const single = (stem: string, options: string[], correct: number, extra: Partial<ParsedQuestion> = {}): ParsedQuestion => ({
  position: {},
  type: 'single',
  stem: { text: stem, format: 'plain' },
  options: options.map((text, i) => ({ text: { text, format: 'plain' }, fraction: i === correct ? 1 : 0 })),
  tags: [],
  images: [],
  ...extra,
});

describe('exportAiken', () => {
  it('writes `A) …` options and `ANSWER: X`, blocks separated by a blank line', () => {
    const { text, skipped } = exportAiken([single('भारत की राजधानी?', ['मुंबई', 'नई दिल्ली'], 1), single('Two\nlines', ['x', 'y'], 0)]);
    expect(skipped).toEqual([]);
    expect(text).toBe('भारत की राजधानी?\nA) मुंबई\nB) नई दिल्ली\nANSWER: B\n\nTwo\nlines\nA) x\nB) y\nANSWER: A\n');
  });

  it('reports what Aiken cannot represent, with the question index', () => {
    const tf: ParsedQuestion = { ...single('Sky is blue', ['True', 'False'], 0), type: 'truefalse' };
    const multi: ParsedQuestion = { ...single('Primes?', ['2', '3', '4'], 0), type: 'multiple' };
    multi.options[1]!.fraction = 1;
    const partial = single('Partial', ['a', 'b'], 0);
    partial.options[1]!.fraction = 0.5;
    const markdownOption = single('Markdown option', ['**a**', 'b'], 0);
    markdownOption.options[0]!.text.format = 'markdown';
    const questions = [
      tf,
      multi,
      partial,
      single('Seven', ['1', '2', '3', '4', '5', '6', '7'], 0),
      single('Bold', ['**a**', 'b'], 0, { stem: { text: 'Bold', format: 'markdown' } }),
      markdownOption,
      single('Option\nsplit', ['a\nb', 'c'], 0),
      single('Stem\nB) looks like an option first?', ['a', 'b'], 0),
      single('Stem\n\nwith a blank line', ['a', 'b'], 0),
      single('Stem\nANSWER: A', ['a', 'b'], 0),
      single('Plain markdown is fine', ['a', 'b'], 1, { stem: { text: 'Plain markdown is fine', format: 'markdown' } }),
    ];
    const { text, skipped } = exportAiken(questions);
    expect(skipped.map((s) => s.position.index)).toEqual([0, 1, 2, 3, 5, 6, 8, 9]);
    expect(skipped[0]?.reason).toBe('Not representable in Aiken: Aiken holds only single-answer questions; this one is truefalse');
    expect(skipped[3]?.reason).toBe('Not representable in Aiken: Abhyas supports 2 to 6 options; this question has 7');
    expect(aikenProblem(questions[5]!)).toMatch(/markdown with markup/);
    const back = parseAiken(text);
    expect(back.errors).toEqual([]);
    expect(back.questions.map((q) => q.stem.text)).toEqual(['Bold', 'Stem\nB) looks like an option first?', 'Plain markdown is fine']);
  });

  it('round-trips representable questions (property: Unicode, Hindi, punctuation, multi-line stems)', () => {
    const chars = fc.constantFrom(...[...'abcXYZ 019 .,;:!?()[]{}<>&"\'`~@#$%^*_-+=/\\|…–—₹€ éüß नईदिल्लीकखग् 中文 😀']);
    const segment = fc.array(chars, { minLength: 1, maxLength: 30 }).map((a) => a.join('').trim());
    // A stem line must not read as an option label or ANSWER line (see export-aiken.ts).
    const stemLine = segment.filter((s) => s.length >= 2 && !/^[A-Z][).]/.test(s) && !/^answer\s*:/i.test(s));
    const question = fc
      .record({
        stem: fc.array(stemLine, { minLength: 1, maxLength: 3 }),
        options: fc.array(segment.filter((s) => s.length > 0), { minLength: 2, maxLength: 6 }),
        correct: fc.nat(),
      })
      .map(({ stem, options, correct }) => single(stem.join('\n'), options, correct % options.length));
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 5 }), (questions) => {
        const { text, skipped } = exportAiken(questions);
        expect(skipped).toEqual([]);
        const back = parseAiken(text);
        expect(back.errors).toEqual([]);
        expect(back.questions.map((q) => ({ ...q, position: {} }))).toEqual(questions);
      }),
      { numRuns: 300 },
    );
  });
});
