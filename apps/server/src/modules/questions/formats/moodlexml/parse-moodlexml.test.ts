import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse-moodlexml.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseMoodleXml: multichoice and true/false', () => {
  const result = parseMoodleXml(fixture('mc-tf.xml'));
  const [first, primes, noSingle, earth, oldTf] = result.questions;

  it('reads every question, with no skips or errors', () => {
    expect(result.format).toBe('moodlexml');
    expect(result.questions).toHaveLength(5);
    expect(result.skipped).toEqual([]);
    expect(result.errors).toEqual([]);
  });

  it('reads a single-answer question with all its settings', () => {
    expect(first).toEqual({
      position: { index: 1, element: 'question', line: 10 },
      type: 'single',
      title: 'Profit & loss <basic>',
      stem: { text: '<p>A shop sells at 20% profit. If x < 5 & y > 2, what is "z"?</p>', format: 'html' },
      options: [
        { text: { text: '<p>120</p>', format: 'html' }, fraction: 1, feedback: { text: 'Right: 100 × 1.2', format: 'html' } },
        { text: { text: '<p>80</p>', format: 'html' }, fraction: 0 },
        { text: { text: '<p>100</p>', format: 'html' }, fraction: -0.3333333 },
      ],
      generalFeedback: { text: '<p>Use SP = CP × 1.2</p>', format: 'html' },
      category: 'Quant/Percentages',
      tags: ['profit', 'लाभ'],
      idNumber: 'Q-PL-1',
      defaultMarks: 2,
      penalty: 0.3333333,
      shuffleAnswers: true,
      answerNumbering: 'ABCD',
      images: [],
    });
  });

  it('reads a multiple-answer question: entities, default formats, blank answers dropped', () => {
    expect(primes?.type).toBe('multiple');
    expect(primes?.stem).toEqual({ text: 'Pick the **primes** & nothing else <3', format: 'markdown' });
    expect(primes?.shuffleAnswers).toBe(false);
    expect(primes?.answerNumbering).toBeUndefined();
    expect(primes?.options).toEqual([
      { text: { text: '2', format: 'markdown' }, fraction: 0.5, feedback: { text: 'prime', format: 'markdown' } },
      { text: { text: '3', format: 'plain' }, fraction: 0.5 },
      { text: { text: '4', format: 'markdown' }, fraction: -1 },
    ]);
  });

  it('defaults <single> to true and the text format to moodle_auto_format; categories are paths', () => {
    expect(noSingle?.type).toBe('single');
    expect(noSingle?.title).toBeUndefined();
    expect(noSingle?.stem.format).toBe('moodle');
    expect(noSingle?.category).toBe('Reasoning//Logic/Syllogisms');
    expect(noSingle?.position).toMatchObject({ index: 3 });
  });

  it('reads true/false answers by their text, with feedback', () => {
    expect(earth).toMatchObject({
      type: 'truefalse',
      stem: { text: 'The earth is flat.', format: 'plain' },
      generalFeedback: { text: 'It is not.', format: 'plain' },
      options: [
        { text: { text: 'True', format: 'plain' }, fraction: 0, feedback: { text: '<b>No</b>', format: 'html' } },
        { text: { text: 'False', format: 'plain' }, fraction: 1, feedback: { text: 'Correct', format: 'plain' } },
      ],
    });
  });

  it('takes old localised true/false answers in order (true first)', () => {
    expect(oldTf?.options.map((o) => o.fraction)).toEqual([1, 0]);
  });
});

describe('parseMoodleXml: multichoiceset (All-or-Nothing Multiple Choice)', () => {
  const result = parseMoodleXml(fixture('multichoiceset.xml'));
  const [declare, regex, everything] = result.questions;

  it('reads a real export: multiple-answer questions marked all or nothing; more than 6 options skipped', () => {
    expect(result.errors).toEqual([]);
    expect(result.questions.map((q) => [q.title, q.type, q.marking])).toEqual([
      ['M9D2HWQ15', 'multiple', 'allOrNothing'],
      ['M9D2HWQ22', 'multiple', 'allOrNothing'],
      ['M9D2HWQ9', 'multiple', 'allOrNothing'],
    ]);
    expect(result.skipped).toEqual([{ position: { index: 4, element: 'question', line: 179 }, type: 'multichoiceset', reason: 'Abhyas supports 2 to 6 options; this question has 7' }]);
  });

  it('keeps each answer correct (1) or not (0) as the plugin stores it, with the usual settings', () => {
    expect(declare).toMatchObject({
      position: { index: 1, element: 'question', line: 16 },
      stem: { text: '<p>(Choose ALL that Apply) To declare a variable in an interpreted language which of the following pieces of information need to be supplied?<br></p>', format: 'html' },
      generalFeedback: { format: 'html' },
      category: 'Default for Programming (2019-05)',
      defaultMarks: 1,
      penalty: 0.3333333,
      shuffleAnswers: true,
      answerNumbering: 'none',
      tags: [],
      images: [],
    });
    expect(declare?.options.map((o) => [o.text.text, o.fraction])).toEqual([
      ['<p>An identifier/name<br></p>', 1],
      ['<p>A data type<br></p>', 0],
      ['An initial value', 1],
      ['<p>An assignment operator<br></p>', 1],
    ]);
    expect(regex?.options.map((o) => o.fraction)).toEqual([1, 1, 0, 0, 0]);
    expect(regex?.stem.text).toContain('\\b((1\\d\\d|2[0-4]\\d|25[0-5]|[1-9]\\d|\\d)\\.){3}');
    expect(everything?.options.map((o) => o.fraction)).toEqual([1, 1, 1, 1]);
    expect(declare).not.toHaveProperty('options.0.feedback');
  });

  it('reads older files: <correctanswer> decides, any positive grade is correct, blank answers dropped, no grade list', () => {
    const xml = `<quiz><question type="multichoiceset"><questiontext><text>Pick</text></questiontext>
      <answer fraction="0"><text>a</text><correctanswer>1</correctanswer></answer>
      <answer fraction="100"><text>b</text><correctanswer>0</correctanswer></answer>
      <answer fraction="0.0"><text>c</text></answer>
      <answer fraction="33"><text>d</text></answer>
      <answer fraction="100"><text></text></answer>
    </question></quiz>`;
    const r = parseMoodleXml(xml);
    expect(r.errors).toEqual([]);
    expect(r.questions[0]?.options.map((o) => [o.text.text, o.fraction])).toEqual([['a', 1], ['b', 0], ['c', 0], ['d', 1]]);
    expect(r.questions[0]?.marking).toBe('allOrNothing');
  });

  it('refuses fewer than 2 answers and a grade that is not a number, like multichoice', () => {
    const r = parseMoodleXml(
      '<quiz><question type="multichoiceset"><questiontext><text>q</text></questiontext><answer fraction="100"><text>a</text></answer></question>' +
        '<question type="multichoiceset"><questiontext><text>q</text></questiontext><answer fraction="lots"><text>a</text></answer><answer><text>b</text></answer></question></quiz>',
    );
    expect(r.errors).toEqual([
      { position: { index: 1, element: 'answer', line: 1 }, message: 'This type of question requires at least 2 answers' },
      { position: { index: 2, element: 'answer[1]', line: 1 }, message: 'Grade "lots" is not a number.' },
    ]);
  });

  it('leaves a multichoice question partially marked', () => {
    expect(parseMoodleXml(fixture('mc-tf.xml')).questions.every((q) => q.marking === undefined)).toBe(true);
  });
});

describe('parseMoodleXml: skipped kinds and errors', () => {
  const result = parseMoodleXml(fixture('skips-errors.xml'));

  it('skips every kind Abhyas does not store, with its type and a reason', () => {
    expect(result.skipped.map((s) => s.type)).toEqual([
      'shortanswer', 'numerical', 'matching', 'essay', 'cloze', 'description', 'ddwtos', 'gapselect', 'calculated', 'random', 'multichoice',
    ]);
    expect(result.skipped[0]).toMatchObject({ position: { index: 1, element: 'question' }, reason: expect.stringContaining('"shortanswer"') });
    expect(result.skipped[10]).toMatchObject({ position: { index: 11 }, reason: 'Abhyas supports 2 to 6 options; this question has 7' });
  });

  it('reports broken questions as errors at their position, in Moodle words', () => {
    expect(result.errors).toEqual([
      { position: { index: 12, element: 'answer', line: 20 }, message: 'This type of question requires at least 2 answers' },
      { position: { index: 13, element: 'answer[2]', line: 28 }, message: 'Grades (0.33) do not match grade options - question skipped.' },
      {
        position: { index: 14, element: 'answer', line: 31 },
        message: 'One of the answers should have a score of 100% so it is possible to get full marks for this question. The maximum score is currently 50%.',
      },
      { position: { index: 15, element: 'answer', line: 36 }, message: 'The positive scores you have chosen do not add up to 100%. Instead, they add up to 75%.' },
      { position: { index: 16, element: 'question', line: 42 }, message: 'The question has no type attribute.' },
      { position: { index: 17, element: 'questiontext', line: 43 }, message: 'Missing question text in XML file' },
      { position: { index: 18, element: 'answer', line: 47 }, message: 'A true/false question needs its "true" and "false" answers.' },
    ]);
  });

  it('goes on after errors and never half-imports', () => {
    expect(result.questions.map((q) => q.stem.text)).toEqual(['Still imported after all that']);
    expect(result.questions[0]?.position.index).toBe(19);
  });

  it('rejects a grade that is not a number', () => {
    const r = parseMoodleXml('<quiz><question type="multichoice"><questiontext><text>q</text></questiontext><answer fraction="lots"><text>a</text></answer><answer><text>b</text></answer></question></quiz>');
    expect(r.errors).toEqual([{ position: { index: 1, element: 'answer[1]', line: 1 }, message: 'Grade "lots" is not a number.' }]);
  });

  it('refuses a file whose root is not <quiz>', () => {
    const r = parseMoodleXml('<questions><question type="multichoice"/></questions>');
    expect(r.questions).toEqual([]);
    expect(r.errors[0]?.message).toMatch(/root element is <questions>/);
  });
});
