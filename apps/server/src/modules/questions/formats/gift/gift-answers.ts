/**
 * Reads the inside of a GIFT answer block `{…}` (escapes already protected, general feedback removed)
 * following Moodle's qformat_gift::readquestion() type detection and multichoice/truefalse parsing.
 */
import type { ParsedOption, ParsedText, Position, QuestionType, TextFormat } from '../types.js';
import { parseTextWithFormat, trimGift } from './gift-text.js';

export type AnswerOutcome =
  | { kind: 'question'; type: QuestionType; options: ParsedOption[] }
  | { kind: 'skip'; type: string; reason: string }
  | { kind: 'error'; message: string; position?: Position };

export type AnswerInput = {
  /** The answer text, trimmed, escapes protected. */
  text: string;
  /** Offset of `text` in the joined block text, and the way back to a line and column. */
  offset: number;
  at: (offset: number) => Position;
  stemFormat: TextFormat;
};

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
const ONLY = 'Abhyas stores multiple-choice and true/false questions only';

const CLOZE = /^\d*:(MULTICHOICE|MULTIRESPONSE|SHORTANSWER|NUMERICAL|MC|MR|SA|MW|NM)\w*:/i;
const WEIGHT = /^%(-?\d+(?:[.,]\d+)?)%/;
const WEIGHT_LIKE = /^%[^%\n]{0,12}%/;

export function readAnswers(input: AnswerInput): AnswerOutcome {
  const { text } = input;
  if (CLOZE.test(text)) return { kind: 'skip', type: 'cloze', reason: `Embedded answers (cloze): ${ONLY}` };
  if (text === '') return { kind: 'skip', type: 'essay', reason: `Essay ({} with no answers): ${ONLY}` };
  if (text.startsWith('#')) return { kind: 'skip', type: 'numerical', reason: `Numerical ({#…}): ${ONLY}` };
  if (text.includes('~')) return readMultichoice(input);
  if (text.includes('=') && text.includes('->')) {
    return { kind: 'skip', type: 'matching', reason: `Matching (=item -> match): ${ONLY}` };
  }
  const hash = text.indexOf('#');
  const tfCheck = hash > 0 ? trimGift(text.slice(0, hash)) : text;
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tfCheck)) return readTrueFalse(input);
  if (['t', 'true', 'f', 'false'].includes(tfCheck.toLowerCase())) {
    return {
      kind: 'skip',
      type: 'shortanswer',
      reason: `Short answer: Moodle reads {${tfCheck}} as a typed answer; true/false must be written T, TRUE, F or FALSE`,
    };
  }
  // Moodle: one short answer needs no `=` ({One}); several are all `=`.
  return { kind: 'skip', type: 'shortanswer', reason: `Short answer (answers marked =, none ~): ${ONLY}` };
}

/** Moodle's split_truefalse_comment(): `{T#feedback when wrong#feedback when right}`. */
function readTrueFalse({ text, stemFormat }: AnswerInput): AnswerOutcome {
  const first = text.indexOf('#');
  const second = first < 0 ? -1 : text.indexOf('#', first + 1);
  const answer = trimGift(first < 0 ? text : text.slice(0, first));
  const wrong = first < 0 ? '' : text.slice(first + 1, second < 0 ? undefined : second);
  const right = second < 0 ? '' : text.slice(second + 1);
  const isTrue = answer === 'T' || answer === 'TRUE';
  const fb = (raw: string): ParsedText | undefined => {
    const t = parseTextWithFormat(trimGift(raw), stemFormat);
    return t.text === '' ? undefined : t;
  };
  const option = (label: string, correct: boolean): ParsedOption => {
    const feedback = fb(correct ? right : wrong);
    const o: ParsedOption = { text: { text: label, format: 'plain' }, fraction: correct ? 1 : 0 };
    if (feedback) o.feedback = feedback;
    return o;
  };
  return { kind: 'question', type: 'truefalse', options: [option('True', isTrue), option('False', !isTrue)] };
}

type Piece = { marker: '' | '~' | '='; body: string; offset: number };

/** Moodle: `=` becomes `~=`, then the text is split on `~`; an empty piece (from `~=`) is no answer. */
function splitPieces(text: string, offset: number): Piece[] {
  const pieces: Piece[] = [];
  let cur: Piece = { marker: '', body: '', offset };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '~' || c === '=') {
      pieces.push(cur);
      cur = { marker: c, body: '', offset: offset + i };
    } else {
      cur.body += c;
    }
  }
  pieces.push(cur);
  return pieces;
}

function readMultichoice(input: AnswerInput): AnswerOutcome {
  const { text, offset, at, stemFormat } = input;
  const pieces = splitPieces(text, offset);
  const lead = pieces.shift() as Piece;
  if (trimGift(lead.body) !== '') {
    return {
      kind: 'error',
      message: `Answer "${trimGift(lead.body).slice(0, 40)}" is not marked with = (right) or ~ (wrong)`,
      position: at(lead.offset),
    };
  }
  const options: ParsedOption[] = [];
  for (const piece of pieces) {
    if (trimGift(piece.body) === '' && piece.marker === '~') continue;
    let body = trimGift(piece.body);
    let fraction = piece.marker === '=' ? 1 : 0;
    const weight = WEIGHT.exec(body);
    if (weight) {
      const percent = Number((weight[1] as string).replace(',', '.'));
      if (percent < -100 || percent > 100) {
        return { kind: 'error', message: `Weight ${weight[0]} is outside -100% to 100%`, position: at(piece.offset) };
      }
      fraction = Math.round(percent * 1e5) / 1e7 + 0;
      body = body.slice(weight[0].length);
    } else if (WEIGHT_LIKE.test(body)) {
      const bad = (WEIGHT_LIKE.exec(body) as RegExpExecArray)[0];
      return { kind: 'error', message: `Bad weight ${bad}: write a percentage such as %50% or %-25%`, position: at(piece.offset) };
    }
    const hash = body.indexOf('#');
    const answer = parseTextWithFormat(trimGift(hash < 0 ? body : body.slice(0, hash)), stemFormat);
    if (answer.text === '') return { kind: 'error', message: 'An answer is empty', position: at(piece.offset) };
    const option: ParsedOption = { text: answer, fraction };
    if (hash >= 0) {
      const feedback = parseTextWithFormat(trimGift(body.slice(hash + 1)), stemFormat);
      if (feedback.text !== '') option.feedback = feedback;
    }
    options.push(option);
  }
  if (options.length < MIN_OPTIONS) {
    return { kind: 'error', message: `Multiple choice needs at least ${MIN_OPTIONS} answers; this question has ${options.length}`, position: at(offset) };
  }
  if (!options.some((o) => o.fraction > 0)) {
    return { kind: 'error', message: 'No answer is right: mark one with = or give it a positive weight such as ~%50%', position: at(offset) };
  }
  if (options.length > MAX_OPTIONS) {
    return { kind: 'skip', type: 'multichoice', reason: `Abhyas supports ${MIN_OPTIONS} to ${MAX_OPTIONS} options; this question has ${options.length}` };
  }
  // Moodle: single = 1 when an `=` is present, else multiple answers. Abhyas: `single` needs exactly one full answer.
  const hasEquals = pieces.some((p) => p.marker === '=');
  const full = options.filter((o) => o.fraction === 1).length;
  return { kind: 'question', type: hasEquals && full === 1 ? 'single' : 'multiple', options };
}
