/**
 * Aiken exporter. Aiken holds only a question text, 2–26 single-line options and one correct letter:
 * no feedback, titles, categories, tags, marks or partial credit. What Abhyas writes:
 *
 * - `single` questions with exactly one option at fraction 1 and every other option at 0, 2–6 options.
 * - `truefalse` questions are NOT exported: Aiken has no true/false kind, and writing them as
 *   `A) True / B) False` would come back as a `single` question (a different type). They are reported.
 * - Text must read back unchanged as plain text: `plain` or `moodle` text (Moodle's own format, which
 *   Aiken's plain text is); `markdown`/`html` text is accepted only when it has no markup characters
 *   (`<>&*_`\[]#`), so that nothing a reader would see differently is lost.
 * - Each option is one line; question text may have several lines, but none may be blank, look like an
 *   option label (`A)`, `B.`, …), or start with `ANSWER:` — the importer would read it differently.
 *   Leading and trailing spaces are trimmed by the importer, so texts must be trimmed already.
 *
 * Everything else is reported in `skipped` with the reason; nothing is dropped silently.
 * Lost on export even when representable: title, category, tags, general feedback, marks, and the
 * texts in a second language (Aiken holds one: the question's own language is written).
 */
import type { ParsedQuestion, ParsedText, SkippedQuestion } from '../types.js';
import { AIKEN_ANSWER, AIKEN_MAX_OPTIONS, AIKEN_MIN_OPTIONS, AIKEN_OPTION, isAikenBlank } from './parse-aiken.js';

const MARKUP = /[<>&*_`\\[\]#]/;

function textProblem(t: ParsedText, what: string, multiline: boolean): string | null {
  if ((t.format === 'markdown' || t.format === 'html') && MARKUP.test(t.text)) {
    return `${what} is ${t.format} with markup; Aiken text is plain`;
  }
  const lines = t.text.split('\n');
  if (!multiline && lines.length > 1) return `${what} has several lines; an Aiken option is one line`;
  for (const [i, line] of lines.entries()) {
    if (line !== line.trim() || line.includes('\r')) return `${what} has leading or trailing spaces on a line`;
    if (multiline ? isAikenBlank(line) : line === '') return `${what} has an empty${multiline ? ' or one-character' : ''} line`;
    if (multiline && (AIKEN_ANSWER.test(line) || /^answer\s*:/i.test(line))) return `${what} has a line starting with ANSWER:`;
    const label = AIKEN_OPTION.exec(line);
    if (multiline && label && (i === 0 || label[1] === 'A')) return `${what} has a line that reads as an option label`;
  }
  return null;
}

/** Why a question cannot be written as Aiken, or null when it can. */
export function aikenProblem(q: ParsedQuestion): string | null {
  if (q.type !== 'single') return `Aiken holds only single-answer questions; this one is ${q.type}`;
  const n = q.options.length;
  if (n < AIKEN_MIN_OPTIONS || n > AIKEN_MAX_OPTIONS) return `Abhyas supports 2 to 6 options; this question has ${n}`;
  const correct = q.options.filter((o) => o.fraction === 1).length;
  if (correct !== 1 || q.options.some((o) => o.fraction !== 1 && o.fraction !== 0)) {
    return 'Aiken needs exactly one fully correct option and no partial credit';
  }
  const stem = textProblem(q.stem, 'Question text', true);
  if (stem) return stem;
  for (const [i, o] of q.options.entries()) {
    const p = textProblem(o.text, `Option ${String.fromCharCode(65 + i)}`, false);
    if (p) return p;
  }
  return null;
}

export function exportAiken(questions: ParsedQuestion[]): { text: string; skipped: SkippedQuestion[] } {
  const blocks: string[] = [];
  const skipped: SkippedQuestion[] = [];
  for (const [index, q] of questions.entries()) {
    const problem = aikenProblem(q);
    if (problem) {
      skipped.push({ position: { ...q.position, index }, type: q.type, reason: `Not representable in Aiken: ${problem}` });
      continue;
    }
    const lines = [q.stem.text];
    let answer = 'A';
    for (const [i, o] of q.options.entries()) {
      const letter = String.fromCharCode(65 + i);
      lines.push(`${letter}) ${o.text.text}`);
      if (o.fraction === 1) answer = letter;
    }
    lines.push(`ANSWER: ${answer}`);
    blocks.push(lines.join('\n'));
  }
  return { text: blocks.length ? `${blocks.join('\n\n')}\n` : '', skipped };
}
