import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedImage, ParsedOption, ParsedQuestion, ParsedText, TextFormat } from '../types.js';
import { exportMoodleXml } from './export-moodlexml.js';
import { parseMoodleXml } from './parse-moodlexml.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const withoutPosition = (qs: ParsedQuestion[]) => qs.map(({ position: _position, ...rest }) => rest);

// Text pieces that stress escaping: markup, ampersands, CDATA ends, quotes, Hindi, emoji, newlines.
const piece = fc.constantFrom('a', 'Z', ' ', '\n', '<', '>', '&', '&amp;', ']]>', ']]', '"', "'", '<p>', '</b>', 'हिंदी', 'प्रश्न', '√', '😀', '\t', '@@PLUGINFILE@@/x.png', '$course$');
const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((p) => p.join('').trim()).filter((t) => t !== '');
const format = fc.constantFrom<TextFormat>('html', 'moodle', 'plain', 'markdown');
const parsedText = fc.record({ text, format }) as fc.Arbitrary<ParsedText>;
const name = fc.constantFrom('a.png', 'my shape.png', 'sub/dir/b.jpg', 'x&y "q".gif', 'चित्र.png');
const data = fc.uint8Array({ minLength: 1, maxLength: 20 }).map((b) => Buffer.from(b));
const segment = fc.constantFrom('Quant', 'Percentages', 'Reasoning', 'a//b', 'हिंदी व्याकरण', 'x & y');
const category = fc.option(fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')), { nil: undefined });

const scopeOrder = (f: ParsedImage['field']): number =>
  f === 'stem' ? 0 : f === 'generalFeedback' ? 1 : 'option' in f ? 2 + 2 * f.option : 3 + 2 * f.optionFeedback;

/** Images of a question in the order the parser yields them: per field, fields in document order. */
function images(fields: ParsedImage['field'][]): fc.Arbitrary<ParsedImage[]> {
  return fc
    .array(fc.record({ field: fc.constantFrom(...fields), name, data }), { maxLength: 4 })
    .map((list) => list.filter((img, i) => list.findIndex((o) => o.name === img.name && JSON.stringify(o.field) === JSON.stringify(img.field)) === i))
    .map((list) => [...list].sort((a, b) => scopeOrder(a.field) - scopeOrder(b.field)));
}

const common = {
  title: fc.option(text, { nil: undefined }),
  stem: parsedText,
  generalFeedback: fc.option(parsedText, { nil: undefined }),
  category,
  tags: fc.array(text, { maxLength: 3 }),
  idNumber: fc.option(text, { nil: undefined }),
  defaultMarks: fc.option(fc.constantFrom(1, 2, 0.5, 10), { nil: undefined }),
  penalty: fc.option(fc.constantFrom(0, 0.1, 0.3333333, 1), { nil: undefined }),
};

const option = (fraction: number) =>
  fc.record({ text: parsedText, feedback: fc.option(parsedText, { nil: undefined }) }).map(({ text: t, feedback }): ParsedOption => ({ text: t, fraction, ...(feedback ? { feedback } : {}) }));

const choiceSettings = { shuffleAnswers: fc.option(fc.boolean(), { nil: undefined }), answerNumbering: fc.option(fc.constantFrom('abc', 'ABCD', '123', 'iii', 'none'), { nil: undefined }) };

const choiceQuestion = fc
  .record({ ...common, multiple: fc.boolean(), count: fc.integer({ min: 2, max: 6 }), ...choiceSettings })
  .chain(({ multiple, count, ...rest }) => {
    const right = multiple ? Math.min(count - 1, 3) : 1;
    const good = [1, 0.5, 0.3333333][right - 1] ?? 1;
    const fractions = Array.from({ length: count }, (_, i) => (i < right ? good : fc.constantFrom(0, -0.5, -1, -0.3333333, ...(multiple ? [] : [0.5, 0.1]))));
    const fields: ParsedImage['field'][] = ['stem', 'generalFeedback', ...Array.from({ length: count }, (_, i) => [{ option: i }, { optionFeedback: i }]).flat()];
    return fc.record({
      rest: fc.constant(rest),
      options: fc.tuple(...fractions.map((f) => (typeof f === 'number' ? option(f) : f.chain(option)))),
      images: images(fields),
    }).map(({ rest: r, options, images: imgs }) => ({ ...r, type: multiple ? 'multiple' : 'single', options, images: imgs }) as const);
  });

/** All or nothing (multichoiceset): each option correct (1) or not (0), as the parser reads them; at least one correct. */
const allOrNothingQuestion = fc
  .record({ ...common, ...choiceSettings, flags: fc.array(fc.boolean(), { minLength: 2, maxLength: 6 }).filter((f) => f.some(Boolean)) })
  .chain(({ flags, ...rest }) => {
    const fields: ParsedImage['field'][] = ['stem', 'generalFeedback', ...flags.map((_, i) => [{ option: i }, { optionFeedback: i }]).flat()];
    return fc
      .record({ options: fc.tuple(...flags.map((right) => option(right ? 1 : 0))), images: images(fields) })
      .map(({ options, images: imgs }) => ({ ...rest, type: 'multiple' as const, marking: 'allOrNothing' as const, options, images: imgs }));
  });

const trueFalseQuestion = fc
  .record({ ...common, truth: fc.boolean(), feedback: fc.tuple(fc.option(parsedText, { nil: undefined }), fc.option(parsedText, { nil: undefined })), images: images(['stem', 'generalFeedback', { optionFeedback: 0 }, { optionFeedback: 1 }]) })
  .map(({ truth, feedback, ...rest }) => ({
    ...rest,
    type: 'truefalse' as const,
    options: [
      { text: { text: 'True', format: 'plain' as const }, fraction: truth ? 1 : 0, ...(feedback[0] ? { feedback: feedback[0] } : {}) },
      { text: { text: 'False', format: 'plain' as const }, fraction: truth ? 0 : 1, ...(feedback[1] ? { feedback: feedback[1] } : {}) },
    ],
  }));

/** A file needs its field: feedback that is absent cannot hold one. */
const hasField = (q: ParsedQuestion, f: ParsedImage['field']): boolean =>
  f === 'stem' || (f === 'generalFeedback' ? q.generalFeedback !== undefined : 'option' in f || q.options[f.optionFeedback]?.feedback !== undefined);

/** Drops keys whose value is undefined (the parser leaves absent things out) and files without a field. */
function clean(generated: object): ParsedQuestion {
  const q = { position: { index: 0 }, ...Object.fromEntries(Object.entries(generated).filter(([, v]) => v !== undefined)) } as ParsedQuestion;
  return { ...q, images: q.images.filter((img) => hasField(q, img.field)) };
}

describe('exportMoodleXml', () => {
  it('round-trips: parse(export(questions)) gives the same questions', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(choiceQuestion, allOrNothingQuestion, trueFalseQuestion), { minLength: 1, maxLength: 5 }), (generated) => {
        const qs = generated.map(clean);
        const back = parseMoodleXml(exportMoodleXml(qs));
        expect(back.errors).toEqual([]);
        expect(back.skipped).toEqual([]);
        expect(withoutPosition(back.questions)).toEqual(withoutPosition(qs));
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips the hand-written fixtures, and is stable on a second pass', () => {
    for (const file of ['mc-tf.xml', 'images.xml', 'old-image.xml', 'bom-crlf.xml', 'multichoiceset.xml']) {
      const first = parseMoodleXml(fixture(file)).questions;
      const xml = exportMoodleXml(first);
      expect(withoutPosition(parseMoodleXml(xml).questions)).toEqual(withoutPosition(first));
      expect(exportMoodleXml(parseMoodleXml(xml).questions)).toBe(xml);
    }
  });

  it('writes what Moodle expects: categories, CDATA, percent grades, files in their field', () => {
    const [q] = parseMoodleXml(fixture('images.xml')).questions;
    const xml = exportMoodleXml([{ ...q!, category: 'Quant/Geometry', stem: { text: 'a ]]> b', format: 'html' } }]);
    expect(xml).toContain('<text><![CDATA[$course$/top/Quant/Geometry]]></text>');
    expect(xml).toContain('<text><![CDATA[a ]]]]><![CDATA[> b]]></text>');
    expect(xml).toContain('<answer fraction="100" format="html">');
    expect(xml).toMatch(/<feedback format="html">\s*<text>[^]*?<file name="fb.png" path="\/sub\/dir\/" encoding="base64">CQoL<\/file>\s*<\/feedback>/);
    expect(xml).toMatch(/<questiontext format="html">\s*<text>[^]*?<file name="my shape.png" path="\/" encoding="base64">AAEC<\/file>\s*<\/questiontext>/);
  });

  it('writes an all-or-nothing question as multichoiceset: correct answers at 100, the others at 0, no <single>', () => {
    const [q] = parseMoodleXml(fixture('multichoiceset.xml')).questions;
    // As stored: the editor's fractions (1/3 each correct, −1/3 each wrong).
    const stored = { ...q!, options: q!.options.map((o) => ({ ...o, fraction: o.fraction > 0 ? 1 / 3 : -1 / 3 })) };
    const xml = exportMoodleXml([stored]);
    expect(xml).toContain('<question type="multichoiceset">');
    expect(xml).not.toContain('<single>');
    expect([...xml.matchAll(/<answer fraction="([^"]+)"/g)].map((m) => m[1])).toEqual(['100', '0', '100', '100']);
    expect(withoutPosition(parseMoodleXml(xml).questions)).toEqual(withoutPosition([q!]));
    // The same question marked partially stays a multichoice with its own grades.
    const partial = exportMoodleXml([{ ...stored, marking: 'partial' }]);
    expect(partial).toContain('<question type="multichoice">');
    expect(partial).toContain('<single>false</single>');
    expect(partial).toContain('<answer fraction="-33.33333" format="html">');
  });

  it('resets to the default category when a question has none after one that had one', () => {
    const [a] = parseMoodleXml(fixture('bom-crlf.xml')).questions;
    const xml = exportMoodleXml([{ ...a!, category: 'Quant' }, { ...a!, category: undefined }]);
    expect(parseMoodleXml(xml).questions.map((q) => q.category)).toEqual(['Quant', undefined]);
  });
});
