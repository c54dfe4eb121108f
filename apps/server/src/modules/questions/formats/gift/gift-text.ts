/**
 * GIFT text helpers: escapes, Moodle's trim, and the `[format]` prefix.
 *
 * Escapes are handled like Moodle's `escapedchar_pre`/`escapedchar_post`, but with placeholders that keep
 * the text the same length (so offsets still give columns): `\X` becomes U+E001 followed by U+E100+X.
 * The placeholders come from the Unicode private-use area; a file that itself holds U+E001 followed by
 * U+E1xx would be misread, which no real GIFT file does.
 */
import type { ParsedText, TextFormat } from '../types.js';

const MARK = '\uE001';
const ESCAPABLE = new Set(['\\', ':', '#', '=', '{', '}', '~', 'n']);
const PLACEHOLDER = /\uE001([\uE100-\uE17F])/g;

/** Hides escaped control characters (`\=`, `\~`, `\#`, `\{`, `\}`, `\:`, `\\`, `\n`) from the parser. */
export function protect(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      out += MARK + String.fromCharCode(0xe100 + next.charCodeAt(0));
      i += 1;
    } else {
      out += c;
    }
  }
  return out;
}

/** Turns placeholders back into the characters they stand for (`\n` into a newline, `\\` into `\`). */
export function restore(text: string): string {
  return text.replace(PLACEHOLDER, (_m, p: string) => {
    const c = String.fromCharCode(p.charCodeAt(0) - 0xe100);
    return c === 'n' ? '\n' : c;
  });
}

const PHP_SPACE = ' \t\n\r\0\x0B';

/** PHP's trim(): only space, tab, LF, CR, NUL and VT, not Unicode spaces (a leading NBSP is kept). */
export function trimGift(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PHP_SPACE.includes(text[start] as string)) start += 1;
  while (end > start && PHP_SPACE.includes(text[end - 1] as string)) end -= 1;
  return text.slice(start, end);
}

/** How many characters trimGift removes from the start. */
export function leadingSpace(text: string): number {
  let n = 0;
  while (n < text.length && PHP_SPACE.includes(text[n] as string)) n += 1;
  return n;
}

const FORMATS: Record<string, TextFormat> = { html: 'html', markdown: 'markdown', plain: 'plain', moodle: 'moodle' };

/**
 * Moodle's parse_text_with_format(): a leading `[html]`, `[markdown]`, `[plain]` or `[moodle]` sets the
 * format (an unknown `[word]` stays in the text); then placeholders are restored and the text trimmed.
 */
export function parseTextWithFormat(protectedText: string, defaultFormat: TextFormat = 'moodle'): ParsedText {
  let text = protectedText;
  let format = defaultFormat;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    const known = end > 0 ? FORMATS[text.slice(1, end).toLowerCase()] : undefined;
    if (known) {
      format = known;
      text = text.slice(end + 1);
    }
  }
  return { text: trimGift(restore(text)), format };
}

/** Escapes a text for writing in GIFT: every control character and backslash, newlines as `\n`. */
export function escapeGift(text: string): string {
  return text.replace(/[\\:#={}~\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/**
 * Writes a text with its format prefix when needed: when the format is not the default one, or when
 * the text starts with something a reader would take for syntax (`[`, a `%` weight, a `//` comment).
 */
export function writeText(t: ParsedText, defaultFormat: TextFormat): string {
  const body = escapeGift(t.text);
  const needsPrefix = t.format !== defaultFormat || /^(\[|%|\/\/)/.test(t.text);
  return needsPrefix ? `[${t.format}]${body}` : body;
}
