/**
 * Abhyas question CSV importer. The format (also in ./FORMAT.md):
 *
 * One row a question; a header row is required. Header names are case-insensitive, in any order:
 * - `question` (required): the question text.
 * - `type`: `single` (default) | `multiple` | `truefalse`.
 * - `option_a` … `option_f`: 2–6 non-empty options, from `option_a` without gaps (ignored for truefalse).
 * - `correct`: `B` (single); `A;C` (multiple; `,` and spaces also separate); `T`/`F`/`True`/`False`.
 * - `explanation` (general feedback), `category` (`/`-separated path), `tags` (`;`-separated),
 *   `difficulty` (easy|medium|hard), `marks` (> 0), `negative_marks` (≥ 0; the sign is ignored),
 *   `title`, `format` (markdown|plain|html, default markdown; applies to every text of the row),
 *   `marking` (`partial`, the default, or `all-or-nothing`: multiple only).
 * - `question_hi`, `option_a_hi` … `option_f_hi`, `explanation_hi`: the same texts in Hindi; with them
 *   the other texts are the English, and the row is one question in both languages.
 *
 * Scoring: single → 1 for the correct option, 0 for the others. Multiple → the credit is split evenly
 * among the correct options (2 correct → 0.5 each) and each wrong option takes away one share; marked
 * all-or-nothing, full marks only for exactly the correct options. Truefalse → options `True` then `False`.
 *
 * File rules: UTF-8 with or without BOM, CRLF or LF (decodeText). Comma-separated, but when the header
 * row is separated by `;` or tabs that delimiter is used. Quoted fields may span lines; a row is reported
 * at its first line. Values are trimmed; all-empty rows are ignored. Unknown columns → one warning (the
 * file still imports). No `question` column → one error, nothing imported. A row with any problem is
 * not imported and is reported with its line; the other rows still import. Unknown `type` → skipped.
 *
 * `negative_marks` has no ParsedQuestion field: `parseCsvWithExtras` returns it, and the difficulty
 * again, in a `CsvExtras` map keyed by question index; `parseCsv` is the plain `Parser`.
 */
import { FORMULA_START } from '../../../../lib/csv.js';
import { parse } from 'csv-parse/sync';
import type { CsvError } from 'csv-parse/sync';
import { decodeText } from '../text.js';
import type { ParsedOption, ParsedQuestion, ParseOptions, ParseProblem, ParseResult, Parser, SkippedQuestion } from '../types.js';
import { CSV_COLUMNS, CSV_MARKINGS, CSV_TEXT_FORMATS, DIFFICULTIES, hindi, OPTION_COLUMNS } from './columns.js';
import type { CsvExtra, CsvExtras, CsvTextFormat, Difficulty } from './columns.js';

export type { CsvExtra, CsvExtras } from './columns.js';

type Row = (column: string) => string;
type RowResult =
  | { ok: true; question: ParsedQuestion; extra: CsvExtra }
  | { ok: false; skipped?: SkippedQuestion; message?: string };

/** Picks the delimiter from the header row: `;` or tab when they outnumber commas there. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

const newlines = (s: string): number => {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) if (s.charCodeAt(i) === 10) n += 1;
  return n;
};

function parseCorrect(type: 'single' | 'multiple', value: string, optionCount: number): number[] | string {
  const parts = value.split(/[;,\s]+/).filter(Boolean).map((p) => p.toUpperCase());
  if (parts.length === 0) return 'correct is empty';
  const letters = 'ABCDEF'.slice(0, optionCount);
  const bad = parts.filter((p) => p.length !== 1 || !letters.includes(p));
  if (bad.length) return `correct "${value}" must use the letters of filled options (A-${letters.at(-1) ?? 'A'})`;
  const indexes = [...new Set(parts.map((p) => p.charCodeAt(0) - 65))].sort((a, b) => a - b);
  if (type === 'single' && indexes.length !== 1) return `correct "${value}" must be one letter for a single-answer question`;
  return indexes;
}

function parseNumber(value: string, column: string, min: number, strict: boolean): number | string | undefined {
  if (value === '') return undefined;
  const n = Number(value.replace(',', '.'));
  if (!Number.isFinite(n) || n < min || (strict && n === min)) {
    return `${column} "${value}" must be a number ${strict ? 'greater than' : 'at least'} ${min}`;
  }
  return n;
}

function rowToQuestion(get: Row, line: number): RowResult {
  const typeValue = get('type').toLowerCase() || 'single';
  const stemText = get('question');
  if (typeValue !== 'single' && typeValue !== 'multiple' && typeValue !== 'truefalse') {
    const reason = `Abhyas imports single, multiple and truefalse questions; this row has type "${get('type')}"`;
    return { ok: false, skipped: { position: { line }, type: get('type'), reason } };
  }
  if (!stemText) return { ok: false, message: 'question is empty' };
  const formatValue = get('format').toLowerCase() || 'markdown';
  if (!(CSV_TEXT_FORMATS as readonly string[]).includes(formatValue)) {
    return { ok: false, message: `format "${get('format')}" must be markdown, plain or html` };
  }
  const format = formatValue as CsvTextFormat;
  const difficultyValue = get('difficulty').toLowerCase();
  if (difficultyValue && !(DIFFICULTIES as readonly string[]).includes(difficultyValue)) {
    return { ok: false, message: `difficulty "${get('difficulty')}" must be easy, medium or hard` };
  }
  const markingValue = get('marking');
  const marking = markingValue === '' ? 'partial' : CSV_MARKINGS[markingValue.toLowerCase().replace(/[\s_-]/g, '')];
  if (!marking) return { ok: false, message: `marking "${markingValue}" must be partial or all-or-nothing` };
  if (marking === 'allOrNothing' && typeValue !== 'multiple') return { ok: false, message: 'only a multiple-answer question can be marked all-or-nothing' };
  const marks = parseNumber(get('marks'), 'marks', 0, true);
  const negative = parseNumber(get('negative_marks').replace(/^-/, ''), 'negative_marks', 0, false);
  if (typeof marks === 'string') return { ok: false, message: marks };
  if (typeof negative === 'string') return { ok: false, message: negative };
  const correctValue = get('correct');

  let options: ParsedOption[];
  if (typeValue === 'truefalse') {
    const v = correctValue.toLowerCase();
    const isTrue = v === 't' || v === 'true';
    if (!isTrue && v !== 'f' && v !== 'false') return { ok: false, message: `correct "${correctValue}" must be T, F, True or False` };
    options = [
      { text: { text: 'True', format }, fraction: isTrue ? 1 : 0 },
      { text: { text: 'False', format }, fraction: isTrue ? 0 : 1 },
    ];
  } else {
    const values = OPTION_COLUMNS.map((c) => get(c));
    const count = values.findIndex((v) => v === '') === -1 ? values.length : values.findIndex((v) => v === '');
    const gap = values.slice(count).findIndex((v) => v !== '');
    if (gap !== -1) {
      return { ok: false, message: `${OPTION_COLUMNS[count]} is empty but ${OPTION_COLUMNS[count + gap]} is filled; fill options from option_a without gaps` };
    }
    if (count < 2) return { ok: false, message: `Abhyas supports 2 to 6 options; this row has ${count}` };
    const correct = parseCorrect(typeValue, correctValue, count);
    if (typeof correct === 'string') return { ok: false, message: correct };
    // Abhyas's marking rule: a multiple-answer question's marks are split among its correct options,
    // and each wrong option chosen takes away the same share (questionInputSchema in the contracts).
    const share = 1 / correct.length;
    const wrong = typeValue === 'multiple' ? -share : 0;
    options = values.slice(0, count).map((text, i) => ({ text: { text, format }, fraction: correct.includes(i) ? share : wrong }));
  }

  const question: ParsedQuestion = {
    position: { line },
    type: typeValue,
    stem: { text: stemText, format },
    options,
    tags: get('tags').split(';').map((t) => t.trim()).filter(Boolean),
    images: [],
  };
  if (get('title')) question.title = get('title');
  if (get('explanation')) question.generalFeedback = { text: get('explanation'), format };
  if (get('category')) question.category = get('category');
  if (marks !== undefined) question.defaultMarks = marks;
  if (marking === 'allOrNothing') question.marking = marking;
  if (difficultyValue) question.difficulty = difficultyValue as Difficulty;
  const hindiProblem = readHindi(get, question, format);
  if (hindiProblem) return { ok: false, message: hindiProblem };
  const extra: CsvExtra = {};
  if (difficultyValue) extra.difficulty = difficultyValue as Difficulty;
  if (negative !== undefined) extra.negativeMarks = negative;
  return { ok: true, question, extra };
}

/**
 * The row's Hindi, from the `_hi` columns beside the texts: with them the other columns are the
 * English, and the question is one in both languages. An empty `option_x_hi` takes `option_x` (a
 * number or a name reads the same in both); a true/false question's options are True and False in both.
 */
function readHindi(get: Row, question: ParsedQuestion, format: CsvTextFormat): string | null {
  const stem = get(hindi('question'));
  const explanation = get(hindi('explanation'));
  const options = OPTION_COLUMNS.map((c) => get(hindi(c)));
  if (!stem && !explanation && options.every((o) => o === '')) return null;
  if (!stem) return `${hindi('question')} is empty but other _hi columns are filled; give the Hindi question too`;
  if (question.type !== 'truefalse') {
    const beyond = options.findIndex((o, i) => o !== '' && i >= question.options.length);
    if (beyond >= 0) return `${hindi(OPTION_COLUMNS[beyond]!)} is filled but ${OPTION_COLUMNS[beyond]} is empty`;
  }
  question.language = 'en';
  question.translation = {
    language: 'hi',
    stem: { text: stem, format },
    options: question.options.map((o, i) => ({ text: question.type === 'truefalse' || !options[i] ? o.text : { text: options[i]!, format } })),
    ...(explanation ? { generalFeedback: { text: explanation, format } } : {}),
  };
  return null;
}

/** Parses an Abhyas question CSV; also returns difficulty and negative marks per question index. */
export function parseCsvWithExtras(input: Buffer | string, _options?: ParseOptions): { result: ParseResult; extras: CsvExtras } {
  const { text, problems } = decodeText(input);
  const errors: ParseProblem[] = [...problems];
  const questions: ParsedQuestion[] = [];
  const skipped: SkippedQuestion[] = [];
  const extras: CsvExtras = new Map();
  const result: ParseResult = { format: 'csv', questions, skipped, errors };
  const error = (line: number, message: string): void => {
    errors.push({ position: { line }, message });
  };

  const records = parse(text, {
    delimiter: detectDelimiter(text),
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      const end = err && typeof err.lines === 'number' ? err.lines : 1;
      const first = Math.max(1, end - newlines((raw ?? '').replace(/\n$/, '')));
      error(first, `Row on line ${first} could not be read: ${err?.message ?? 'invalid CSV'}`);
      return undefined;
    },
  }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];

  const [headerRecord, ...rows] = records;
  if (!headerRecord) {
    error(1, 'The file is empty: a header row is required');
    return { result, extras };
  }
  const header = headerRecord.record.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = header.filter((h) => h !== '' && !known.has(h));
  if (!header.includes('question')) {
    error(1, `The header row has no "question" column (found: ${header.join(', ')}); nothing was imported`);
    return { result, extras };
  }
  if (unknown.length) error(1, `Warning: unknown columns ignored: ${unknown.join(', ')}`);
  const duplicated = header.filter((h, i) => h !== '' && header.indexOf(h) !== i);
  if (duplicated.length) error(1, `Warning: duplicated columns, the first one is used: ${[...new Set(duplicated)].join(', ')}`);
  const columnIndex = new Map<string, number>();
  header.forEach((h, i) => {
    if (known.has(h) && !columnIndex.has(h)) columnIndex.set(h, i);
  });

  for (const { record, info, raw } of rows) {
    const line = info.lines - newlines(raw.replace(/\n$/, ''));
    if (record.every((f) => f.trim() === '')) continue;
    if (record.length > header.length && record.slice(header.length).some((f) => f.trim() !== '')) {
      error(line, `Row on line ${line} has ${record.length} fields but the header has ${header.length}; check quoting`);
      continue;
    }
    const get: Row = (column) => {
      const i = columnIndex.get(column);
      const value = i === undefined ? '' : (record[i] ?? '').trim();
      // The exporter's guard against spreadsheet formulas: `'=…` reads back as `=…`.
      return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
    };
    const r = rowToQuestion(get, line);
    if (r.ok) {
      if (r.extra.difficulty !== undefined || r.extra.negativeMarks !== undefined) extras.set(questions.length, r.extra);
      questions.push(r.question);
    } else if (r.skipped) {
      skipped.push(r.skipped);
    } else {
      error(line, `Row on line ${line}: ${r.message ?? 'invalid'}`);
    }
  }
  errors.sort((a, b) => (a.position.line ?? 0) - (b.position.line ?? 0));
  return { result, extras };
}

export const parseCsv: Parser = (input, options) => parseCsvWithExtras(input, options).result;
