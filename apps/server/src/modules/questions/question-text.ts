import { createHash } from 'node:crypto';
import { searchableText } from '../../db/search.js';
import type { Language, Marking, ParsedText } from './formats/types.js';

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
 * A parsed text as Markdown, the form every question text is stored in, composed (Unicode NFC) as
 * editors' texts are. HTML stays as written (the renderer's sanitiser decides what survives); plain
 * text is escaped; Moodle's auto-format also keeps its line breaks, as Moodle shows them.
 */
export function toMarkdown(text: ParsedText): string {
  return markdownOf(text).normalize('NFC');
}

function markdownOf(text: ParsedText): string {
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

/** The texts of a question in one language, as the hash and search read them. */
type LanguageTexts = { language: Language; stem: string; options: { text: string }[] };

/**
 * The identity of a question's content: its type, stem, options (Markdown text and grade) and, for an
 * all-or-nothing question, its marking; for a question in two languages, the other language's stem
 * and options too. The same question imported twice, from the same file or another, or typed in the
 * editor, has the same hash. A partially marked question hashes as it did before marking was a
 * setting, and one in one language as it did before translations, so stored hashes stay valid
 * (docs/decisions/007). The English texts come first whichever language the question was written in,
 * so the same two texts hash alike however a file orders them.
 */
export function contentHash(q: {
  type: string;
  stem: string;
  options: { text: string; fraction: number }[];
  marking?: Marking | undefined;
  language?: Language | undefined;
  translation?: LanguageTexts | null | undefined;
}): string {
  const normal = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
  const own: LanguageTexts = { language: q.language ?? 'en', stem: q.stem, options: q.options };
  const [first, second] = q.translation && q.translation.language === 'en' ? [q.translation, own] : [own, q.translation];
  const identity: unknown[] = [q.type, normal(first.stem), first.options.map((o, i) => [normal(o.text), Math.round(q.options[i]!.fraction * 1e5) / 1e5])];
  if (q.marking === 'allOrNothing') identity.push('allOrNothing');
  if (second) identity.push([second.language, normal(second.stem), second.options.map((o) => normal(o.text))]);
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

/**
 * What question search matches against, in every language the question has, in the one form search
 * compares (lower-cased, composed NFC), as queries are, so both dialects compare alike.
 */
export function questionSearchText(title: string | null, stem: string, options: string[], translation?: { stem: string; options: { text: string }[] } | null): string {
  const second = translation ? [translation.stem, ...translation.options.map((o) => o.text)] : [];
  return searchableText(title ?? '', stem, ...options, ...second);
}
