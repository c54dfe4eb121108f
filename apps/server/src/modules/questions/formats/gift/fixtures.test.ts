import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGift } from './parse-gift.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('GIFT fixtures written for Abhyas', () => {
  it('mixed-crlf-bom.gift: BOM, CRLF, categories, metadata, Hindi, every skip kind and errors', () => {
    const bytes = fixture('mixed-crlf-bom.gift');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes('\r\n')).toBe(true);
    const r = parseGift(bytes, { fileName: 'mixed-crlf-bom.gift' });

    expect(r.questions.map((q) => [q.position.line, q.type, q.category])).toEqual([
      [7, 'single', '$course$/top/Quant/Percentages'],
      [14, 'single', '$course$/top/Quant/Percentages'],
      [16, 'single', '$course$/top/Quant/Percentages'],
      [18, 'multiple', '$course$/top/Quant/Percentages'],
      [26, 'truefalse', '$course$/top/Quant/Percentages'],
      [30, 'truefalse', '$course$/top/Verbal'],
      [56, 'single', '$course$/top/Verbal'],
    ]);
    const [first, hindi, blank, multi, tf, md] = r.questions;
    expect(first).toMatchObject({ title: 'Percent basics', idNumber: 'pct-001', tags: ['percentages', 'class 10'] });
    expect(first!.options[1]).toEqual({ text: { text: '25', format: 'moodle' }, fraction: 1, feedback: { text: 'Right: 250 × 0.1', format: 'moodle' } });
    expect(hindi!.title).toBe('प्रतिशत');
    expect(hindi!.options.map((o) => o.text.text)).toEqual(['१०', '५', '२०', '२५']);
    expect(blank!.stem.text).toBe('The train covers _____ in 90 minutes at 60 km/h.');
    expect(multi!.options.map((o) => o.fraction)).toEqual([0.5, 0.5, -1, -1]);
    expect(multi!.generalFeedback?.text).toBe('2 and 3 are the only primes listed.');
    expect(tf!.options.map((o) => o.feedback?.text)).toEqual(['Yes.', 'Try 3 × 3.']);
    expect(md!.stem).toEqual({ text: 'The word **ephemeral** means long-lasting.', format: 'markdown' });
    expect(r.questions.every((q) => !q.stem.text.includes('\r'))).toBe(true);

    expect(r.skipped.map((s) => [s.position.line, s.type])).toEqual([
      [33, 'essay'],
      [35, 'numerical'],
      [37, 'shortanswer'],
      [39, 'matching'],
      [41, 'cloze'],
      [43, 'description'],
      [45, 'multichoice'],
    ]);
    expect(r.skipped[6]!.reason).toBe('Abhyas supports 2 to 6 options; this question has 7');
    expect(r.errors.map((e) => e.position)).toEqual([
      { line: 48, column: 19 },
      { line: 50, column: 13 },
      { line: 52, column: 18 },
      { line: 54, column: 15 },
    ]);
  });

  it('invalid-utf8.gift: the bad byte is reported on its line and the file is still read', () => {
    const r = parseGift(fixture('invalid-utf8.gift'));
    expect(r.errors).toEqual([{ position: { line: 5 }, message: expect.stringMatching(/Invalid UTF-8/) }]);
    expect(r.questions.map((q) => [q.position.line, q.type])).toEqual([
      [3, 'single'],
      [5, 'truefalse'],
      [7, 'truefalse'],
    ]);
    expect(r.questions[1]!.stem.text).toBe('Caf\uFFFD means coffee shop.');
  });
});
