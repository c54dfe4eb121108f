import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAiken } from './parse-aiken.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const lines = (r: { errors: { position: { line?: number } }[] }): (number | undefined)[] => r.errors.map((e) => e.position.line);

describe('parseAiken: questions', () => {
  it('reads a basic question as single, plain, fraction 1 for the answer and 0 for the others', () => {
    const r = parseAiken('Who started Moodle?\nA) Petr\nB) Martin\nC) Eloy\nANSWER: B\n');
    expect(r.format).toBe('aiken');
    expect(r.errors).toEqual([]);
    expect(r.questions).toEqual([
      {
        position: { line: 1 },
        type: 'single',
        stem: { text: 'Who started Moodle?', format: 'plain' },
        options: [
          { text: { text: 'Petr', format: 'plain' }, fraction: 0 },
          { text: { text: 'Martin', format: 'plain' }, fraction: 1 },
          { text: { text: 'Eloy', format: 'plain' }, fraction: 0 },
        ],
        tags: [],
        images: [],
      },
    ]);
  });

  it('reads Hindi, multi-line stems with roman-numeral statements, `A.` labels, no space after the label, spaced ANSWER letters', () => {
    const r = parseAiken(fixture('hindi.aiken.txt'));
    expect(r.errors).toEqual([]);
    expect(r.questions.map((q) => q.position.line)).toEqual([1, 7, 17]);
    const [q1, q2, q3] = r.questions;
    expect(q1?.options[1]).toEqual({ text: { text: 'नई दिल्ली', format: 'plain' }, fraction: 1 });
    expect(q2?.stem.text).toBe(
      'निम्नलिखित कथनों पर विचार करें:\nI. गंगा भारत की सबसे लंबी नदी है।\nII. यमुना गंगा की सहायक नदी है।\nकौन सा/से कथन सही है/हैं?',
    );
    expect(q2?.options.map((o) => o.fraction)).toEqual([0, 0, 1, 0]);
    expect(q2?.options[0]?.text.text).toBe('केवल I');
    // Raw text is kept as plain text (Moodle escapes it to HTML; we do not).
    expect(q3?.stem.text).toBe('What is 15% of 200? (₹ & <b>tags</b> stay as text)');
    expect(q3?.options[1]?.text.text).toBe('25');
    expect(q3?.options.map((o) => o.fraction)).toEqual([0, 0, 1, 0]);
  });

  it('needs no blank line between questions, and allows several', () => {
    const r = parseAiken('Q1\nA) a\nB) b\nANSWER: A\nQ2\nA) a\nB) b\nANSWER: B\n\n\n\nQ3\nA) a\nB) b\nANSWER: A');
    expect(r.errors).toEqual([]);
    expect(r.questions.map((q) => q.position.line)).toEqual([1, 5, 12]);
  });

  it('allows a blank line between the question text and its options', () => {
    const r = parseAiken('Q1\n\nA) a\nB) b\nANSWER: A\n');
    expect(r.errors).toEqual([]);
    expect(r.questions).toHaveLength(1);
  });

  it('handles a BOM, CRLF line ends and an invalid UTF-8 byte (reported at its line)', () => {
    const r = parseAiken(fixture('bom-crlf-invalid.aiken.txt'));
    expect(r.questions.map((q) => q.stem.text)).toEqual(['कौन सा ग्रह लाल ग्रह कहलाता है?', 'Broken byte in an option']);
    expect(r.questions[1]?.options[0]?.text.text).toBe('caf\uFFFD');
    expect(r.errors).toEqual([{ position: { line: 7 }, message: 'Invalid UTF-8 bytes; they were replaced with �' }]);
  });

  it('reports nothing for an empty file', () => {
    expect(parseAiken('')).toEqual({ format: 'aiken', questions: [], skipped: [], errors: [] });
  });
});

describe('parseAiken: errors with line numbers (the rest of the file still parses)', () => {
  const r = parseAiken(fixture('errors.aiken.txt'));
  const at = (line: number): string | undefined => r.errors.find((e) => e.position.line === line)?.message;

  it('keeps the good question and reports every problem in line order', () => {
    expect(r.questions.map((q) => q.stem.text)).toEqual(['A good question at last']);
    expect(r.questions[0]?.position).toEqual({ line: 34 });
    expect(lines(r)).toEqual([1, 2, 5, 9, 12, 16, 20, 21, 23, 38]);
  });
  it('an option or ANSWER line outside a question: "Question not started"', () => {
    expect(at(1)).toBe('Question not started on line 1');
    expect(at(2)).toBe('Question not started on line 2');
  });
  it('fewer than 2 options is an error at the ANSWER line', () => {
    expect(at(5)).toMatch(/^Question must have at least 2 answers on line 5/);
  });
  it('options without an ANSWER line, then a new question', () => {
    expect(at(9)).toMatch(/^Question not completed before next question start on line 9 \("A question never answered"\)/);
  });
  it('an ANSWER letter that is not among the options', () => {
    expect(at(12)).toMatch(/^ANSWER E on line 12 is not one of the options A-B/);
  });
  it('a lower-case ANSWER letter is not an option letter (as in Moodle)', () => {
    expect(at(16)).toMatch(/^ANSWER b on line 16 is not one of the options A-B \(Aiken letters are upper case\)/);
  });
  it('`Answer:` in the wrong case is reported (ANSWER: is case-sensitive, as in Moodle)', () => {
    expect(at(20)).toMatch(/must start with "ANSWER:" in capitals/);
  });
  it('text after an ANSWER line that is not a new question', () => {
    expect(at(21)).toMatch(/^Text after the ANSWER line on line 21 is not a question/);
  });
  it('a question without options', () => {
    expect(at(23)).toMatch(/^Question without options on line 23/);
  });
  it('more than 6 options is skipped with its count', () => {
    expect(r.skipped).toEqual([{ position: { line: 25 }, type: 'single', reason: 'Abhyas supports 2 to 6 options; this question has 7' }]);
  });
  it('a question left open at the end of the file', () => {
    expect(at(38)).toMatch(/has no ANSWER line before the end of the file/);
  });
  it('an empty option is an error', () => {
    const e = parseAiken('Q1\nA) x\nB)\nANSWER: A\n');
    expect(e.questions).toEqual([]);
    expect(e.errors).toEqual([{ position: { line: 3 }, message: 'Option on line 3 is empty ("Q1")' }]);
  });
  it('an ANSWER line without a letter is an error', () => {
    expect(lines(parseAiken('Q1\nA) x\nB) y\nANSWER:\n'))).toEqual([4]);
  });
});

describe("parseAiken on Moodle's own error cases (same detections as aiken_errors.txt)", () => {
  const moodleErrors = [
    'A question with too few answers', 'A) Only answer', 'ANSWER: A', '',
    'A) Question not started', '', 'ANSWER: Question not started', '',
    'A good question', 'A) Correct', 'B) Incorrect', 'ANSWER: A', '',
    'A question started but not finished', 'A) Correct-ish', 'B) Incorrect-ish', '',
    'A second good question', 'A)Incorrect (No space)', 'B)Correct (No space)', 'ANSWER: B',
  ].join('\n');
  it('finds 2 questions and errors on lines 3, 5, 7 and 18', () => {
    const r = parseAiken(moodleErrors);
    expect(r.questions.map((q) => q.stem.text)).toEqual(['A good question', 'A second good question']);
    expect(r.questions[1]?.options.map((o) => [o.text.text, o.fraction])).toEqual([['Incorrect (No space)', 0], ['Correct (No space)', 1]]);
    expect(lines(r)).toEqual([3, 5, 7, 18]);
  });
});
