import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedOption, ParsedQuestion, ParsedText, TextFormat } from '../types.js';
import { exportGift } from './export-gift.js';
import { trimGift } from './gift-text.js';
import { parseGift } from './parse-gift.js';

const strip = (qs: ParsedQuestion[]) => qs.map(({ position: _p, ...rest }) => rest);
const roundTrip = (qs: ParsedQuestion[]) => {
  const gift = exportGift(qs);
  const r = parseGift(gift);
  expect(r.errors).toEqual([]);
  expect(r.skipped).toEqual([]);
  expect(strip(r.questions)).toEqual(strip(qs));
  return gift;
};

const base = { position: {}, tags: [], images: [] };
const t = (text: string, format: TextFormat = 'moodle'): ParsedText => ({ text, format });

describe('exportGift', () => {
  it('writes categories, titles, metadata, weights and feedback that read back the same', () => {
    const qs: ParsedQuestion[] = [
      { ...base, type: 'single', title: 'Q: 1', stem: t('2 + 2 = ?'), options: [{ text: t('4'), fraction: 1, feedback: t('Yes #1') }, { text: t('5'), fraction: 0 }, { text: t('%5 off'), fraction: 0.5 }], category: 'top/Quant', idNumber: 'q]1', tags: ['maths', 'class 5'] },
      { ...base, type: 'multiple', stem: t('Pick {two}'), options: [{ text: t('a'), fraction: 1 }, { text: t('b'), fraction: -0.3333333 }, { text: t('[x]'), fraction: 0 }], generalFeedback: t('**Why**', 'markdown'), category: 'top/Quant' },
      { ...base, type: 'truefalse', stem: t('Grant is {_____} buried.', 'html'), options: [{ text: t('True', 'plain'), fraction: 0, feedback: t('No') }, { text: t('False', 'plain'), fraction: 1 }], category: 'top/Verbal' },
    ];
    const gift = roundTrip(qs);
    expect(gift).toContain('$CATEGORY: top/Quant\n');
    expect(gift.match(/\$CATEGORY/g)).toHaveLength(2);
    expect(gift).toContain('// [id:q\\]1] [tag:maths] [tag:class 5]\n::Q\\: 1::2 + 2 \\= ?');
    expect(gift).toContain('\t~%-33.33333%b');
    expect(gift).toContain('\t~%50%[moodle]%5 off');
    expect(gift).toContain('[html]Grant is \\{{FALSE#[moodle]No}\\} buried.');
  });

  it('writes difficulty and all-or-nothing marking beside the Moodle metadata', () => {
    const gift = roundTrip([
      { ...base, type: 'multiple', stem: t('Which are prime?'), options: [{ text: t('2'), fraction: 0.5 }, { text: t('4'), fraction: -0.5 }, { text: t('5'), fraction: 0.5 }], tags: ['primes'], difficulty: 'hard', marking: 'allOrNothing' },
      { ...base, type: 'single', stem: t('2 + 2?'), options: [{ text: t('4'), fraction: 1 }, { text: t('5'), fraction: 0 }], difficulty: 'easy' },
      { ...base, type: 'multiple', stem: t('Which are even?'), options: [{ text: t('2'), fraction: 0.5 }, { text: t('4'), fraction: 0.5 }, { text: t('5'), fraction: -1 }] },
    ]);
    expect(gift).toContain('// [tag:primes] [difficulty:hard] [marking:all-or-nothing]\nWhich are prime?');
    expect(gift).toContain('// [difficulty:easy]\n2 + 2?');
    expect(gift.match(/\[marking:/g)).toHaveLength(1);
  });

  it('writes true/false feedback in Moodle order, with an empty wrong feedback when only the right one exists', () => {
    const gift = roundTrip([{ ...base, type: 'truefalse', stem: t('Q'), options: [{ text: t('True', 'plain'), fraction: 1, feedback: t('right') }, { text: t('False', 'plain'), fraction: 0 }], generalFeedback: t('gf') }]);
    expect(gift).toContain('{TRUE##right\n\t####gf\n}');
  });
});

// ---- property: arbitrary valid questions survive export → parse ----

const specials = ['=', '~', '#', '{', '}', ':', '\\', '$', '%', '[', ']', '/', '_____', '->', '\n', ' ', '\t', '::', '####', '\\n'];
const words = ['a', 'Grant', 'प्रश्न', 'उत्तर', 'क्या', '१२', 'é', '😀', 'x²', '1/2', '//', '$CATEGORY:', '[html]', '%50%', 'T', 'TRUE'];
const chunk = fc.oneof(fc.constantFrom(...specials), fc.constantFrom(...words), fc.string({ unit: 'grapheme-ascii', maxLength: 4 }));
const text = fc
  .array(chunk, { minLength: 1, maxLength: 8 })
  .map((cs) => trimGift(cs.join('')).replace(/\r/g, ''))
  .filter((s) => s !== '');
const format = fc.constantFrom<TextFormat>('moodle', 'html', 'markdown', 'plain');
const parsedText = fc.record({ text, format });
const safe = fc.stringMatching(/^[a-z0-9क-ह][a-z0-9 क-ह_-]{0,8}[a-z0-9क-ह]$/);
const fraction = fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1e7 + 0);
const positive = fc.integer({ min: 1, max: 1e7 - 1 }).map((n) => n / 1e7);
const option = (fr: fc.Arbitrary<number>) =>
  fc.record({ text: parsedText, fraction: fr, feedback: fc.option(parsedText, { nil: undefined }) }).map((o) => {
    const out: ParsedOption = { text: o.text, fraction: o.fraction };
    if (o.feedback) out.feedback = o.feedback;
    return out;
  });
const notFull = fraction.filter((f) => f !== 1);

const answers = fc.oneof(
  // single: exactly one full answer, anything else below 1
  fc.tuple(option(fc.constant(1)), fc.array(option(notFull), { minLength: 1, maxLength: 5 }), fc.nat()).map(([right, rest, at]) => {
    const options = [...rest];
    options.splice(at % (rest.length + 1), 0, right);
    return { type: 'single' as const, options };
  }),
  // multiple: at least one positive answer
  fc.tuple(option(fc.oneof(positive, fc.constant(1))), fc.array(option(fraction), { minLength: 1, maxLength: 5 })).map(([p, rest]) => ({ type: 'multiple' as const, options: [p, ...rest] })),
  fc.tuple(fc.boolean(), fc.option(parsedText, { nil: undefined }), fc.option(parsedText, { nil: undefined })).map(([isTrue, fbT, fbF]) => {
    const mk = (label: string, fr: number, fb?: ParsedText): ParsedOption => (fb ? { text: t(label, 'plain'), fraction: fr, feedback: fb } : { text: t(label, 'plain'), fraction: fr });
    return { type: 'truefalse' as const, options: [mk('True', isTrue ? 1 : 0, fbT), mk('False', isTrue ? 0 : 1, fbF)] };
  }),
);

const question = fc
  .record({
    answers,
    title: fc.option(text, { nil: undefined }),
    stem: parsedText,
    generalFeedback: fc.option(parsedText, { nil: undefined }),
    category: fc.option(fc.array(safe, { minLength: 1, maxLength: 3 }).map((p) => p.join('/')), { nil: undefined }),
    tags: fc.array(safe, { maxLength: 3 }),
    idNumber: fc.option(safe, { nil: undefined }),
    difficulty: fc.option(fc.constantFrom('easy', 'medium', 'hard' as const), { nil: undefined }),
    allOrNothing: fc.boolean(),
  })
  .map(({ answers: a, ...r }) => {
    const q: ParsedQuestion = { position: {}, type: a.type, stem: r.stem, options: a.options, tags: r.tags, images: [] };
    if (r.title !== undefined) q.title = r.title;
    if (r.generalFeedback !== undefined) q.generalFeedback = r.generalFeedback;
    if (r.category !== undefined) q.category = r.category;
    if (r.idNumber !== undefined) q.idNumber = r.idNumber;
    if (r.difficulty !== undefined) q.difficulty = r.difficulty;
    if (r.allOrNothing && a.type === 'multiple') q.marking = 'allOrNothing';
    return q;
  });

/** GIFT cannot go back to "no category" once one is set: a question without one inherits the last. */
const inheritCategories = (qs: ParsedQuestion[]) => {
  let last: string | undefined;
  return qs.map((q) => {
    if (q.category !== undefined) last = q.category;
    else if (last !== undefined) return { ...q, category: last };
    return q;
  });
};

describe('exportGift → parseGift round trip (property)', () => {
  it('holds for arbitrary valid questions, special characters and Hindi included', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 4 }).map(inheritCategories), (qs) => {
        const r = parseGift(exportGift(qs));
        expect(r.errors).toEqual([]);
        expect(r.skipped).toEqual([]);
        expect(strip(r.questions)).toEqual(strip(qs));
      }),
      { numRuns: 400 },
    );
  });
});
