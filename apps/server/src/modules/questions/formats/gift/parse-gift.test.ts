import { describe, expect, it } from 'vitest';
import { parseGift } from './parse-gift.js';

const one = (src: string) => {
  const r = parseGift(src);
  expect(r.format).toBe('gift');
  return r;
};
const q0 = (src: string) => {
  const r = one(src);
  expect(r.errors).toEqual([]);
  expect(r.skipped).toEqual([]);
  expect(r.questions).toHaveLength(1);
  return r.questions[0]!;
};
const opts = (src: string) => q0(src).options.map((o) => [o.text.text, o.fraction]);

describe('parseGift: multiple choice', () => {
  it('reads =right ~wrong as a single-answer question', () => {
    const q = q0("Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}");
    expect(q).toMatchObject({ type: 'single', position: { line: 1 }, stem: { text: "Who's buried in Grant's tomb?", format: 'moodle' }, tags: [], images: [] });
    expect(q.options.map((o) => [o.text.text, o.fraction])).toEqual([['Grant', 0], ['Jefferson', 0], ['no one', 1]]);
  });

  it('keeps partial weights on a single-answer question (Moodle single=1 when an = is present)', () => {
    expect(q0('Q{~wrong ~%50%half =full}').type).toBe('single');
    expect(opts('Q{~wrong ~%50%half =full}')).toEqual([['wrong', 0], ['half', 0.5], ['full', 1]]);
  });

  it('reads several positive weights as multiple, with negative weights and decimals', () => {
    const q = q0('Q{~%50%a ~%50%b ~%-50%c ~%-100%d}');
    expect(q.type).toBe('multiple');
    expect(q.options.map((o) => o.fraction)).toEqual([0.5, 0.5, -0.5, -1]);
    expect(q0('Q{~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}').options[0]!.fraction).toBe(0.3333333);
  });

  it('reads =%100% and two = answers as multiple when more than one is fully right', () => {
    expect(q0('Q{=%100%a ~b}').type).toBe('single');
    expect(q0('Q{=a =b ~c}').type).toBe('multiple');
    expect(q0('Q{~%100%a ~b}').type).toBe('multiple'); // no = : Moodle turns on multiple answers
  });

  it('treats ~= as = (teachers write {~=right~wrong})', () => {
    const q = q0('My mother stopped {~=making~to make} lunch.');
    expect(q.type).toBe('single');
    expect(q.options.map((o) => [o.text.text, o.fraction])).toEqual([['making', 1], ['to make', 0]]);
  });

  it('puts _____ where the answers were when text follows them (missing word)', () => {
    expect(q0('Grant is {~buried =entombed ~living} in Grant\'s tomb.').stem.text).toBe("Grant is _____ in Grant's tomb.");
    expect(q0('{~Few =A few} of us came.').stem.text).toBe('_____ of us came.');
    expect(q0('Multi\nline {~a =b}\nend').stem.text).toBe('Multi\nline _____\nend');
  });

  it('reads per-answer feedback, general feedback and formats', () => {
    const q = q0('::T::[html]<b>Q</b>{\n=yes # good\n~[plain]no#[markdown]*bad*\n####[plain]Because.\n}');
    expect(q.title).toBe('T');
    expect(q.stem).toEqual({ text: '<b>Q</b>', format: 'html' });
    expect(q.options[0]).toEqual({ text: { text: 'yes', format: 'html' }, fraction: 1, feedback: { text: 'good', format: 'html' } });
    expect(q.options[1]).toEqual({ text: { text: 'no', format: 'plain' }, fraction: 0, feedback: { text: '*bad*', format: 'markdown' } });
    expect(q.generalFeedback).toEqual({ text: 'Because.', format: 'plain' });
  });

  it('reports the default format as moodle and keeps an unknown [tag] in the text', () => {
    expect(q0('[moodle]Q{=a ~b}').stem.format).toBe('moodle');
    expect(q0('[note] Q{=a ~b}').stem).toEqual({ text: '[note] Q', format: 'moodle' });
  });

  it('unescapes \\= \\~ \\# \\{ \\} \\: \\\\ and \\n', () => {
    const q = q0('::a\\:b::x \\{y\\} \\\\ z\\nw{=\\= 2 \\~ 3 \\# ~c\\:d}');
    expect(q.title).toBe('a:b');
    expect(q.stem.text).toBe('x {y} \\ z\nw');
    expect(q.options.map((o) => o.text.text)).toEqual(['= 2 ~ 3 #', 'c:d']);
  });

  it('keeps a lone backslash before an ordinary character', () => {
    expect(q0('Path C:\\temp?{=yes ~no}').stem.text).toBe('Path C:\\temp?');
  });
});

describe('parseGift: true/false', () => {
  it.each([
    ['{T}', 1],
    ['{TRUE}', 1],
    ['{F}', 0],
    ['{FALSE}', 0],
  ])('%s', (block, trueFraction) => {
    const q = q0(`The sun rises in the east.${block}`);
    expect(q.type).toBe('truefalse');
    expect(q.options.map((o) => [o.text.text, o.fraction])).toEqual([['True', trueFraction], ['False', 1 - trueFraction]]);
  });

  it('puts #wrong feedback#right feedback on the options (Moodle order)', () => {
    const t = q0('Q{TRUE#Think again.#Well done.}');
    expect(t.options.map((o) => o.feedback?.text)).toEqual(['Well done.', 'Think again.']);
    const f = q0('Q{FALSE#Think again.#Well done.\n####General.}');
    expect(f.options.map((o) => o.feedback?.text)).toEqual(['Think again.', 'Well done.']);
    expect(f.generalFeedback?.text).toBe('General.');
    expect(q0('Q{TRUE# #only right}').options[1]!.feedback).toBeUndefined();
  });
});

describe('parseGift: file structure', () => {
  it('separates questions by blank lines, ignores comments, reports the first non-comment line', () => {
    const r = one('// header\n\n// about Q1\n\nQ1{=a ~b}\n\n\n// about Q2\nQ2\ncontinues{~x =y}\n');
    expect(r.questions.map((q) => q.position.line)).toEqual([5, 9]);
    expect(r.questions[1]!.stem.text).toBe('Q2\ncontinues');
  });

  it('reads [id:…] and [tag:…] from comments (Moodle 4), with \\] escapes', () => {
    const q = q0('// [id:abc] [tag:foo]\n// [tag:bar\\]x] [tag: spaced tag ]\nQ{=a ~b}');
    expect(q.idNumber).toBe('abc');
    expect(q.tags).toEqual(['foo', 'bar]x', 'spaced tag']);
  });

  it('reads Abhyas\'s [difficulty:…] and [marking:…] from comments', () => {
    const q = q0('// [tag:primes] [difficulty: Hard ]\n// [marking:All or Nothing]\nWhich are prime? {~%50%2 ~%50%3 ~%-100%4}');
    expect(q).toMatchObject({ type: 'multiple', difficulty: 'hard', marking: 'allOrNothing', tags: ['primes'] });
    expect(q0('// [marking:partial]\nWhich are prime? {~%50%2 ~%50%3 ~%-100%4}').marking).toBeUndefined();
    expect(q0('Which are prime? {~%50%2 ~%50%3 ~%-100%4}')).not.toHaveProperty('difficulty');
  });

  it('refuses an unknown difficulty or marking, and all or nothing on a single-answer or true/false question', () => {
    const r = one('// [difficulty:tough]\nQ1 {=a ~b}\n\n// [marking:sometimes]\nQ2 {~%50%a ~%50%b}\n\n// [marking:all-or-nothing]\nQ3 {=a ~b}\n\n// [marking:all-or-nothing]\nQ4 {T}\n');
    expect(r.questions).toEqual([]);
    expect(r.errors).toEqual([
      { position: { line: 2 }, message: '[difficulty:tough] must be easy, medium or hard' },
      { position: { line: 5 }, message: '[marking:sometimes] must be partial or all-or-nothing' },
      { position: { line: 8 }, message: 'Only a multiple-answer question can be marked all or nothing' },
      { position: { line: 11 }, message: 'Only a multiple-answer question can be marked all or nothing' },
    ]);
  });

  it('applies $CATEGORY: to the questions that follow', () => {
    const r = one('Q0{=a ~b}\n\n$CATEGORY: $course$/top/Quant, Unit 1\n\nQ1{=a ~b}\n\n$CATEGORY: top/Verbal\nQ2{=a ~b}');
    expect(r.questions.map((q) => q.category)).toEqual([undefined, '$course$/top/Quant, Unit 1', 'top/Verbal']);
    expect(r.questions[2]!.position.line).toBe(8);
  });
});

describe('parseGift: skipped kinds', () => {
  it.each([
    ['Write an essay.{}', 'essay'],
    ['When was Grant born?{#1822:5}', 'numerical'],
    ['Who is buried?{=no one =nobody}', 'shortanswer'],
    ['Is it?{true}', 'shortanswer'],
    ['Write 1 in words. {One}', 'shortanswer'],
    ['Match.{=Canada -> Ottawa =Italy -> Rome}', 'matching'],
    ['No braces at all: a description.', 'description'],
    ['I drink {~=little~a few} coffee, too {~many~=much}.', 'cloze'],
    ['{1:MULTICHOICE:=a~b} here', 'cloze'],
  ])('%s → %s', (src, type) => {
    const r = one(`// comment\n${src}`);
    expect(r.questions).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([{ position: { line: 2 }, type, reason: expect.any(String) }]);
  });

  it('skips more than 6 options with the count', () => {
    const r = one('\n\nPick.{=a ~b ~c ~d ~e ~f ~g}');
    expect(r.skipped).toEqual([{ position: { line: 3 }, type: 'multichoice', reason: 'Abhyas supports 2 to 6 options; this question has 7' }]);
  });
});

describe('parseGift: errors', () => {
  const err = (src: string) => {
    const r = one(`${src}\n\nStill read.{=a ~b}`);
    expect(r.questions.map((q) => q.stem.text)).toEqual(['Still read.']);
    return r.errors;
  };

  it.each([
    ['\nUnclosed {=a ~b', { line: 2, column: 10 }, /not closed/],
    ['Closed } first {=a ~b}', { line: 1, column: 8 }, /without a matching \{/],
    ['Nested {=a {~b}', { line: 1, column: 12 }, /Unescaped \{/],
    ['Weight {~%abc%x =y}', { line: 1, column: 9 }, /Bad weight %abc%/],
    ['Weight {~%150%x =y}', { line: 1, column: 9 }, /outside/],
    ['One {~=only}', { line: 1, column: 6 }, /at least 2 answers; this question has 1/],
    ['None right {~a ~b}', { line: 1, column: 13 }, /No answer is right/],
    ['Unmarked {\nCorrect\n~b ~c}', { line: 1 }, /"Correct" is not marked/],
    [':Title:: {=a ~b}', { line: 1 }, /title must start with ::/],
    ['::Title {=a ~b}', { line: 1 }, /title is not closed/],
    ['Empty answer {=a ~#fb}', { line: 1, column: 18 }, /empty/],
    ['::T::{=a ~b}', { line: 1 }, /text is empty/],
  ])('%s', (src, position, message) => {
    const errors = err(src);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.position).toEqual(position);
    expect(errors[0]!.message).toMatch(message);
  });

  it('names the line inside the question when it differs from the first line', () => {
    const [e] = err('Q {\n=a\n~%x1%b\n}');
    expect(e!.position).toEqual({ line: 1 });
    expect(e!.message).toMatch(/\(line 3, column 1\)/);
  });

  it('reports a blank line inside {…} as an unclosed block and a stray }', () => {
    const r = one('::New Question:: {\n    =An answer\n\n}');
    expect(r.errors.map((e) => e.position.line)).toEqual([1, 4]);
  });
});
