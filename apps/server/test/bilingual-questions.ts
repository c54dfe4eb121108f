import { expect } from 'vitest';
import type { ParsedQuestion, ParsedText } from '../src/modules/questions/formats/types.js';

/** The numbers a text writes (1,540 and 3.42 each one number), in order of their digits. */
export const numbersIn = (text: string): string[] => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).sort();

export const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * A parsed question reads in Hindi too, as a bilingual paper prints it: each of its texts (stem,
 * explanation, every option and feedback) has its Hindi, with the same numbers, and as many options
 * in the same order. An option without words (a number, a code, a formula) may read the same in both,
 * and so may a true/false question's True and False, which a file does not write.
 */
export function expectHindiBeside(q: ParsedQuestion, where = q.title ?? q.stem.text): void {
  const hi = q.translation;
  expect(hi?.language, where).toBe('hi');
  expect(hi!.options, where).toHaveLength(q.options.length);
  const pairs: [ParsedText | undefined, ParsedText | undefined, 'words' | 'option'][] = [
    [q.stem, hi!.stem, 'words'],
    [q.generalFeedback, hi!.generalFeedback, 'words'],
    ...q.options.flatMap((o, i): [ParsedText | undefined, ParsedText | undefined, 'words' | 'option'][] => [
      [o.text, hi!.options[i]!.text, 'option'],
      [o.feedback, hi!.options[i]!.feedback, 'words'],
    ]),
  ];
  for (const [en, text, kind] of pairs) {
    if (!en) {
      expect(text, where).toBeUndefined();
      continue;
    }
    expect(text?.text, `${where}: ${en.text}`).toBeTruthy();
    expect(numbersIn(text!.text), `${where}: ${en.text} / ${text!.text}`).toEqual(numbersIn(en.text));
    if (kind === 'words' || (/[a-z]{2}/.test(en.text) && q.type !== 'truefalse')) expect(text!.text, `${where}: ${en.text}`).toMatch(DEVANAGARI);
  }
  expect(new Set(hi!.options.map((o) => o.text.text)).size, where).toBe(q.options.length);
}
