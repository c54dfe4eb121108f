/**
 * Abhyas question CSV exporter (format: ./FORMAT.md). Writes every column of CSV_COLUMNS, comma
 * separated, LF line ends, quoting a field only when it holds `,`, `"`, `;`, a tab or a line break.
 * Texts are trimmed on import, so edge spaces are not kept.
 *
 * A question is representable when parsing the output gives it back: type single/multiple/truefalse;
 * 2–6 options (truefalse: exactly True, False); single → one option at 1, the rest 0; multiple → the
 * correct options share 1 evenly, the rest 0; truefalse → one at 1; one text format for the whole row
 * (`moodle` is written as `plain`, the closest CSV format); non-empty trimmed texts; no `;` inside a tag.
 * `exportCsvDetailed` reports the others in `skipped`; `exportCsv` leaves them out.
 * A question in two languages has its English in the plain columns and its Hindi in the `_hi` ones
 * beside them, whichever language it was written in.
 * Not written: idNumber, penalty, shuffleAnswers, answerNumbering, images, option feedback
 * (a question with option feedback is still exported, without it).
 */
import { csvField } from '../../../../lib/csv.js';
import type { ParsedQuestion, ParsedText, SkippedQuestion } from '../types.js';
import { CSV_COLUMNS, hindi, OPTION_COLUMNS, OPTION_LETTERS } from './columns.js';
import type { CsvExtras } from './columns.js';

export type CsvExportOptions = {
  /** Extra per-question values, keyed by index in `questions` (as returned by parseCsvWithExtras). */
  extras?: CsvExtras;
  /** Start with a UTF-8 BOM so that Excel opens Hindi and other non-ASCII text correctly. */
  bom?: boolean;
};

const EPSILON = 1e-6;

type Texts = Pick<ParsedQuestion, 'stem' | 'generalFeedback'> & { options: { text: ParsedText }[] };

/** A question's texts by column: the English (or its one language) unsuffixed, the Hindi in the `_hi` columns. */
function byColumn(q: ParsedQuestion): { main: Texts; hindi: Texts | null } {
  const t = q.translation;
  if (!t) return { main: q, hindi: null };
  return t.language === 'hi' ? { main: q, hindi: t } : { main: t, hindi: q };
}

const textsOf = (t: Texts): ParsedText[] => [t.stem, ...t.options.map((o) => o.text), ...(t.generalFeedback ? [t.generalFeedback] : [])];

const rowFormat = (q: ParsedQuestion): string | null => {
  const texts: ParsedText[] = [...textsOf(q), ...(q.translation ? textsOf(q.translation) : [])];
  const formats = new Set(texts.map((t) => (t.format === 'moodle' ? 'plain' : t.format)));
  return formats.size === 1 ? [...formats][0]! : null;
};

/** The `correct` cell for a question, or the reason it cannot be written. */
function correctCell(q: ParsedQuestion): { value: string } | { problem: string } {
  const fractions = q.options.map((o) => o.fraction);
  const correct = fractions.flatMap((f, i) => (f > EPSILON ? [i] : []));
  const others = fractions.filter((_, i) => !correct.includes(i));
  const wrongShare = q.type === 'multiple' && correct.length > 0 ? -1 / correct.length : 0;
  if (others.some((f) => Math.abs(f - wrongShare) > EPSILON)) {
    return { problem: q.type === 'multiple' ? "wrong options must each take away one correct option's share" : 'wrong options must score 0' };
  }
  if (q.type === 'truefalse') {
    const [t, f] = q.options;
    if (q.options.length !== 2 || t?.text.text !== 'True' || f?.text.text !== 'False') return { problem: 'truefalse options must be True, False' };
    if (correct.length !== 1 || Math.abs((fractions[correct[0]!] ?? 0) - 1) > EPSILON) return { problem: 'truefalse needs one option at 100%' };
    return { value: correct[0] === 0 ? 'T' : 'F' };
  }
  if (q.options.length < 2 || q.options.length > OPTION_LETTERS.length) {
    return { problem: `Abhyas supports 2 to 6 options; this question has ${q.options.length}` };
  }
  if (correct.length === 0) return { problem: 'no correct option' };
  if (q.type === 'single' && correct.length !== 1) return { problem: 'a single-answer question needs exactly one correct option' };
  const share = 1 / correct.length;
  if (correct.some((i) => Math.abs((fractions[i] ?? 0) - share) > EPSILON)) {
    return { problem: 'CSV splits credit evenly among correct options; this question has other weights' };
  }
  return { value: correct.map((i) => String.fromCharCode(65 + i)).join(';') };
}

function problemOf(q: ParsedQuestion): string | null {
  if (!['single', 'multiple', 'truefalse'].includes(q.type)) return `type ${q.type} is not a CSV type`;
  const texts = [q, ...(q.translation ? [q.translation] : [])].flatMap((t: Texts) => [t.stem.text, ...(q.type === 'truefalse' ? [] : t.options.map((o) => o.text.text))]);
  if (texts.some((t) => t.trim() === '')) return 'a text is empty';
  if (q.tags.some((t) => t.includes(';'))) return 'a tag contains ";", the CSV tag separator';
  if (!rowFormat(q)) return 'the texts of the question use different formats; a CSV row has one format';
  const c = correctCell(q);
  return 'problem' in c ? c.problem : null;
}

export function exportCsvDetailed(questions: ParsedQuestion[], options: CsvExportOptions = {}): { text: string; skipped: SkippedQuestion[] } {
  const lines = [CSV_COLUMNS.join(',')];
  const skipped: SkippedQuestion[] = [];
  for (const [index, q] of questions.entries()) {
    const problem = problemOf(q);
    if (problem) {
      skipped.push({ position: { ...q.position, index }, type: q.type, reason: `Not representable in CSV: ${problem}` });
      continue;
    }
    const extra = options.extras?.get(index);
    const correct = correctCell(q);
    const { main, hindi: hi } = byColumn(q);
    const cells: Record<string, string> = {
      type: q.type,
      question: main.stem.text,
      [hindi('question')]: hi?.stem.text ?? '',
      correct: 'value' in correct ? correct.value : '',
      explanation: main.generalFeedback?.text ?? '',
      [hindi('explanation')]: hi?.generalFeedback?.text ?? '',
      category: q.category ?? '',
      tags: q.tags.join(';'),
      difficulty: q.difficulty ?? extra?.difficulty ?? '',
      marks: q.defaultMarks === undefined ? '' : String(q.defaultMarks),
      negative_marks: extra?.negativeMarks === undefined ? '' : String(extra.negativeMarks),
      title: q.title ?? '',
      format: rowFormat(q) ?? 'markdown',
      marking: q.type === 'multiple' && q.marking === 'allOrNothing' ? 'all-or-nothing' : '',
    };
    if (q.type !== 'truefalse') {
      main.options.forEach((o, i) => (cells[OPTION_COLUMNS[i]!] = o.text.text));
      hi?.options.forEach((o, i) => (cells[hindi(OPTION_COLUMNS[i]!)] = o.text.text));
    }
    lines.push(CSV_COLUMNS.map((c) => csvField(cells[c] ?? '')).join(','));
  }
  return { text: `${options.bom ? '\uFEFF' : ''}${lines.join('\n')}\n`, skipped };
}

/** The CSV text of every representable question (see exportCsvDetailed for what is left out). */
export function exportCsv(questions: ParsedQuestion[], options: CsvExportOptions = {}): string {
  return exportCsvDetailed(questions, options).text;
}
