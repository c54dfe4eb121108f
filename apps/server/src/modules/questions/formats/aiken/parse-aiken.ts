/**
 * Aiken importer, following Moodle's `question/format/aiken/format.php` (leniencies included):
 *
 *   What is 2 + 2?          ← question text (Abhyas: one or more lines; Moodle: one line)
 *   A) 3                    ← options: an upper-case letter, `)` or `.`, then the text.
 *   B. 4                      Moodle also accepts no space after the label (`A)text`).
 *   ANSWER: B               ← `ANSWER:` (upper case, as Moodle), then the letter; spaces allowed.
 *
 * - Lines are trimmed; lines shorter than 2 bytes count as blank (Moodle skips them).
 * - The ANSWER line ends a question, so blank lines between questions are optional.
 * - The letter after `ANSWER:` is mapped by position (A = first option, B = second…) as Moodle does;
 *   only its first character is read. Lower-case letters are not options in Moodle (`[A-Z]`), so
 *   `ANSWER: b` is reported as a letter that is not among the options.
 * - Text is plain (Moodle stores it as escaped HTML; we keep the raw text and say `plain`).
 * - Multi-line question text is an Abhyas extension: lines before the first option are joined with
 *   `\n`. While no option has been read, a line that looks like an option but is not `A` (e.g. the
 *   roman numeral statement `I. …`) is question text. A blank line ends the question text: text that is
 *   then followed by anything but an option is reported as a question without options.
 * - Errors (each with its line, messages as Moodle's where Moodle has one):
 *   an option or ANSWER line outside a question ("Question not started on line N"), fewer than 2
 *   options ("Question must have at least 2 answers on line N"), a new question before the ANSWER line
 *   ("Question not completed before next question start on line N"), a question without options,
 *   text after an ANSWER line that is not a question, an ANSWER letter that is not an option,
 *   `Answer:` in the wrong case, an empty option, and a question left open at the end of the file.
 * - More than 6 options: skipped (Abhyas stores 2 to 6).
 */
import { decodeText } from '../text.js';
import type { ParsedQuestion, ParseOptions, ParseProblem, ParseResult, Parser, SkippedQuestion } from '../types.js';

export const AIKEN_MIN_OPTIONS = 2;
export const AIKEN_MAX_OPTIONS = 6;

/** Moodle's option pattern: `/^[A-Z][).][ \t]?/`. */
export const AIKEN_OPTION = /^([A-Z])[).][ \t]?/;
export const AIKEN_ANSWER = /^ANSWER:/;
/** `Answer:` / `answer :` — not an ANSWER line in Moodle, but certainly meant as one. */
const WRONG_CASE_ANSWER = /^answer\s*:/i;

type Draft = {
  stem: string[];
  stemLine: number;
  /** The line that started the question came right after an ANSWER line. */
  afterAnswer: boolean;
  /** A blank line was seen after the question text (before any option). */
  stemClosed: boolean;
  options: { text: string; line: number }[];
};

/** True when a trimmed line counts as blank (Moodle: `strlen($nowline) < 2`, in bytes). */
export function isAikenBlank(trimmed: string): boolean {
  return Buffer.byteLength(trimmed, 'utf8') < 2;
}

const shortName = (draft: Draft): string => {
  const first = draft.stem[0] ?? '';
  return first.length > 50 ? `${first.slice(0, 47)}...` : first;
};

export const parseAiken: Parser = (input: Buffer | string, _options?: ParseOptions): ParseResult => {
  const { text, problems } = decodeText(input);
  const errors: ParseProblem[] = [...problems];
  const questions: ParsedQuestion[] = [];
  const skipped: SkippedQuestion[] = [];
  const error = (line: number, message: string): void => {
    errors.push({ position: { line }, message });
  };

  let draft: Draft | null = null;
  let lastWasAnswer = false;

  const discardStemOnly = (d: Draft): void => {
    if (d.afterAnswer) {
      error(d.stemLine, `Text after the ANSWER line on line ${d.stemLine} is not a question: no options follow it`);
    } else {
      error(d.stemLine, `Question without options on line ${d.stemLine} ("${shortName(d)}")`);
    }
  };

  const finish = (d: Draft, line: number, rest: string): void => {
    if (d.options.length < AIKEN_MIN_OPTIONS) {
      error(line, `Question must have at least 2 answers on line ${line} ("${shortName(d)}")`);
      return;
    }
    const letter = rest.trim().slice(0, 1);
    if (letter === '') {
      error(line, `ANSWER line ${line} has no letter ("${shortName(d)}")`);
      return;
    }
    const index = letter.charCodeAt(0) - 65;
    if (index < 0 || index >= d.options.length) {
      const last = String.fromCharCode(64 + d.options.length);
      const hint = /[a-z]/.test(letter) ? ' (Aiken letters are upper case)' : '';
      error(line, `ANSWER ${letter} on line ${line} is not one of the options A-${last}${hint} ("${shortName(d)}")`);
      return;
    }
    const empty = d.options.find((o) => o.text === '');
    if (empty) {
      error(empty.line, `Option on line ${empty.line} is empty ("${shortName(d)}")`);
      return;
    }
    if (d.options.length > AIKEN_MAX_OPTIONS) {
      skipped.push({
        position: { line: d.stemLine },
        type: 'single',
        reason: `Abhyas supports 2 to 6 options; this question has ${d.options.length}`,
      });
      return;
    }
    questions.push({
      position: { line: d.stemLine },
      type: 'single',
      stem: { text: d.stem.join('\n'), format: 'plain' },
      options: d.options.map((o, i) => ({ text: { text: o.text, format: 'plain' }, fraction: i === index ? 1 : 0 })),
      tags: [],
      images: [],
    });
  };

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const lineNo = i + 1;
    const line = (lines[i] ?? '').trim();
    if (isAikenBlank(line)) {
      if (draft && draft.options.length === 0) draft.stemClosed = true;
      continue;
    }
    const option = AIKEN_OPTION.exec(line);
    // A roman-numeral statement such as `I. …` inside the question text is text, not an option.
    const optionInText = option && draft && draft.options.length === 0 && !draft.stemClosed && option[1] !== 'A';
    if (option && !optionInText) {
      if (!draft) {
        error(lineNo, `Question not started on line ${lineNo}`);
      } else {
        draft.options.push({ text: line.slice(2).trim(), line: lineNo });
      }
      lastWasAnswer = false;
    } else if (AIKEN_ANSWER.test(line)) {
      if (!draft) {
        error(lineNo, `Question not started on line ${lineNo}`);
      } else {
        finish(draft, lineNo, line.slice(line.indexOf(':') + 1));
        draft = null;
      }
      lastWasAnswer = true;
    } else if (WRONG_CASE_ANSWER.test(line)) {
      error(lineNo, `Line ${lineNo} must start with "ANSWER:" in capitals; the question was not imported`);
      draft = null;
      lastWasAnswer = true;
    } else {
      if (draft && draft.options.length === 0 && !draft.stemClosed) {
        draft.stem.push(line);
        continue;
      }
      if (draft && draft.options.length > 0) {
        error(lineNo, `Question not completed before next question start on line ${lineNo} ("${shortName(draft)}")`);
      } else if (draft) {
        discardStemOnly(draft);
      }
      draft = { stem: [line], stemLine: lineNo, afterAnswer: lastWasAnswer, stemClosed: false, options: [] };
      lastWasAnswer = false;
    }
  }
  if (draft) {
    if (draft.options.length === 0) discardStemOnly(draft);
    else error(draft.stemLine, `Question on line ${draft.stemLine} has no ANSWER line before the end of the file ("${shortName(draft)}")`);
  }
  errors.sort((a, b) => (a.position.line ?? 0) - (b.position.line ?? 0));
  return { format: 'aiken', questions, skipped, errors };
};
