/** The columns of the Abhyas question CSV (see FORMAT.md), shared by the parser and the exporter. */
import type { Difficulty, Marking } from '../types.js';

export const OPTION_LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
export const OPTION_COLUMNS = OPTION_LETTERS.map((l) => `option_${l}`);

/** The column holding a text column's Hindi, beside it: `question_hi`, `option_a_hi`, `explanation_hi`. */
export const hindi = (column: string): string => `${column}_hi`;

/** Every known column, in the order the exporter writes them: each text's Hindi beside it. */
export const CSV_COLUMNS = [
  'type',
  'question',
  hindi('question'),
  ...OPTION_COLUMNS.flatMap((c) => [c, hindi(c)]),
  'correct',
  'explanation',
  hindi('explanation'),
  'category',
  'tags',
  'difficulty',
  'marks',
  'negative_marks',
  'title',
  'format',
  'marking',
];

export const CSV_TEXT_FORMATS = ['markdown', 'plain', 'html'] as const;
export type CsvTextFormat = (typeof CSV_TEXT_FORMATS)[number];

export type { Difficulty } from '../types.js';
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** `marking` values, with spaces, `-` and `_` left out; an empty cell is partial. */
export const CSV_MARKINGS: Record<string, Marking> = { partial: 'partial', allornothing: 'allOrNothing' };

/** What the CSV holds that ParsedQuestion has no field for, per question. */
export type CsvExtra = { difficulty?: Difficulty; negativeMarks?: number };
/** Keyed by the question's index in `ParseResult.questions`. */
export type CsvExtras = Map<number, CsvExtra>;
