import { createHash } from 'node:crypto';
import { searchableText } from '../../db/search.js';
import type { Marking, ParsedText } from './formats/types.js';

/** CommonMark punctuation that would change meaning, plus `$` (math) and `~` (strikethrough). */
const MARKDOWN_SPECIAL = /([\\`*_[\]<>#|$~{}])/g;

/** Line starts that Markdown would read as a list item (`8.`, `1)`, `- x`, `+ x`). */
const LIST_MARKER = /^( {0,3})(?:(\d{1,9})([.)])|([-+]))(?=\s|$)/gm;
/** Lines Markdown would read as a rule or a heading underline (`---`, `===`); every mark is escaped. */
const RULE_LINE = /^( {0,3})([-=])\2*[ \t]*$/gm;

/** Plain text escaped so that Markdown shows it as written. */
function escapePlain(text: string): string {
  return text
    .replace(MARKDOWN_SPECIAL, '\\$1')
    .replace(RULE_LINE, (line: string) => line.replace(/[-=]/g, '\\$&'))
    .replace(LIST_MARKER, (_m, indent: string, digits?: string, delimiter?: string, marker?: string) => (digits ? `${indent}${digits}\\${delimiter}` : `${indent}\\${marker}`));
}

/**
 * A parsed text as Markdown, the form every question text is stored in. HTML stays as written (the
 * renderer's sanitiser decides what survives); plain text is escaped; Moodle's auto-format also
 * keeps its line breaks, as Moodle shows them.
 */
export function toMarkdown(text: ParsedText): string {
  switch (text.format) {
    case 'markdown':
    case 'html':
      return text.text.trim();
    case 'plain':
      return escapePlain(text.text.trim());
    case 'moodle':
      return escapePlain(text.text.trim()).replace(/\n/g, '  \n');
  }
}

/**
 * The identity of a question's content: its type, stem, options (Markdown text and grade) and, for an
 * all-or-nothing question, its marking. The same question imported twice, from the same file or
 * another, or typed in the editor, has the same hash. A partially marked question hashes as it did
 * before marking was a setting, so stored hashes stay valid (docs/decisions/007).
 */
export function contentHash(q: { type: string; stem: string; options: { text: string; fraction: number }[]; marking?: Marking | undefined }): string {
  const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
  const identity: unknown[] = [q.type, normal(q.stem), q.options.map((o) => [normal(o.text), Math.round(o.fraction * 1e5) / 1e5])];
  if (q.marking === 'allOrNothing') identity.push('allOrNothing');
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/**
 * The grade fractions Abhyas writes from correct flags: 1 and 0 for a single-answer or true/false
 * question; for a multiple-answer question 1/k for each of the k correct options and −1/k for each
 * wrong one, whatever its marking (an all-or-nothing question is scored on which options are correct,
 * and keeps the same fractions so switching its marking changes nothing else).
 */
export function fractionsFor(type: string, correct: boolean[]): number[] {
  const k = correct.filter(Boolean).length;
  if (type !== 'multiple') return correct.map((c) => (c ? 1 : 0));
  return correct.map((c) => (c ? 1 / k : -1 / k));
}

/** Category path as stored: `/`-separated names without Moodle's `$course$/top` prefixes or empty parts. */
export function normaliseCategoryPath(path: string): string {
  return path
    .split('/')
    .map((p) => p.trim())
    .filter((p, i) => p !== '' && !(i === 0 && /^\$\w+\$$/.test(p)))
    .filter((p, i) => !(i === 0 && p.toLowerCase() === 'top'))
    .join('/');
}

/** What question search matches against, lower-cased once so both dialects compare alike. */
export function questionSearchText(title: string | null, stem: string, options: string[]): string {
  return searchableText(title ?? '', stem, ...options);
}
