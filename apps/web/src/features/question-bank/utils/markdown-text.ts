/**
 * Question texts are stored as Markdown (with `$…$` maths and, from some imports, HTML). Lists and
 * previews show one line of them as a reader sees it: escapes become the characters they stand for,
 * emphasis, links, images and tags give way to their text, and code and maths stay as written.
 */

// Longer texts are cut first: an excerpt needs the beginning only, and each protected piece below
// takes one private-use character, of which there are 6,400.
const MAX_SOURCE = 4000;
const PRIVATE_USE = /[\uE000-\uF8FF]/g;
const PIECE_BASE = 0xe000;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', times: '×', divide: '÷', deg: '°', minus: '−', le: '≤', ge: '≥', ne: '≠', rupee: '₹' };

// Tags whose edges separate words; any other tag (b, i, span…) is dropped without a gap.
const BLOCK_TAG = /^<\/?(?:p|div|br|hr|li|ul|ol|tr|td|th|table|h[1-6]|blockquote|pre)\b/i;

/**
 * The pieces whose text is final, in the order CommonMark reads them at one position: a backslash
 * escape, a code span, display and inline maths (an escaped `\$` is taken first, so it is no maths),
 * an autolink, an HTML tag, an entity.
 */
const PIECES = new RegExp(
  [
    /\\([!-/:-@[-`{-~])/.source,
    /\\\n/.source,
    /(`+)([\s\S]*?[^`])\2(?!`)/.source,
    /\$\$[\s\S]+?\$\$/.source,
    /\$[^$\n]+?\$/.source,
    /<((?:https?|mailto):[^\s<>]*)>/.source,
    /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->/.source,
    /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/.source,
  ].join('|'),
  'g',
);

function entity(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
  }
  return NAMED_ENTITIES[name];
}

/** Replaces each final piece by one private-use character standing for its text. */
function protectPieces(source: string, pieces: string[]): string {
  const keep = (text: string) => String.fromCharCode(PIECE_BASE + pieces.push(text) - 1);
  return source.replace(PIECES, (match, escaped?: string, _run?: string, code?: string, autolink?: string, name?: string) => {
    if (escaped !== undefined) return keep(escaped);
    if (match === '\\\n') return ' ';
    if (code !== undefined) return keep(code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() ? code.slice(1, -1) : code);
    if (match.startsWith('$')) return keep(match);
    if (autolink !== undefined) return keep(autolink);
    if (name !== undefined) {
      const decoded = entity(name);
      return decoded === undefined ? match : keep(decoded);
    }
    return BLOCK_TAG.test(match) ? ' ' : '';
  });
}

/** Headings, quotes, bullets and rules at the start of a line: marks, not text. */
function dropLineMarks(text: string): string {
  return text
    .replace(/^ {0,3}(?:[-*_] *){3,}$/gm, '')
    .replace(/^ {0,3}=+ *$/gm, '')
    .replace(/^ {0,3}(?:> ?)+/gm, '')
    .replace(/^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/gm, '$1')
    .replace(/^ {0,3}[-+*][ \t]+/gm, '');
}

/** Images give their description, links their text; the addresses are not read. */
function dropLinks(text: string): string {
  const destination = /\(\s*(?:<[^<>\n]*>|(?:[^()\s]|\([^()]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.source;
  return text.replace(new RegExp(`!?\\[([^\\[\\]]*)\\]${destination}`, 'g'), '$1');
}

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

type Run = { start: number; length: number; char: string; canOpen: boolean; canClose: boolean; left: number; used: number };

/** CommonMark's delimiter runs of `*`, `_` and `~~`, with whether each may open or close emphasis. */
function delimiterRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const match of text.matchAll(/\*+|_+|~+/g)) {
    const start = match.index;
    const length = match[0].length;
    const char = match[0][0]!;
    if (char === '~' && length !== 2) continue;
    const before = text[start - 1] ?? ' ';
    const after = text[start + length] ?? ' ';
    const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
    const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
    // An underscore inside a word (snake_case) is a letter, not emphasis.
    const canOpen = char === '_' ? left && (!right || PUNCTUATION.test(before)) : left;
    const canClose = char === '_' ? right && (!left || PUNCTUATION.test(after)) : right;
    runs.push({ start, length, char, canOpen, canClose, left: length, used: 0 });
  }
  return runs;
}

/** CommonMark's "rule of 3": a run that could open and close pairs only in lengths that keep `*a**b*` apart. */
function mayPair(opener: Run, closer: Run): boolean {
  if (opener.char !== closer.char) return false;
  if (opener.char === '~' || !(opener.canOpen && opener.canClose) && !(closer.canOpen && closer.canClose)) return true;
  return (opener.length + closer.length) % 3 !== 0 || (opener.length % 3 === 0 && closer.length % 3 === 0);
}

/** Removes the delimiters that pair up as emphasis or strikethrough; the others stay as written. */
function dropEmphasis(text: string): string {
  const runs = delimiterRuns(text);
  const openers: Run[] = [];
  for (const run of runs) {
    while (run.canClose && run.left > 0) {
      const at = openers.findLastIndex((o) => mayPair(o, run));
      if (at < 0) break;
      const opener = openers[at]!;
      const n = opener.left >= 2 && run.left >= 2 ? 2 : 1;
      opener.left -= n;
      opener.used += n;
      run.left -= n;
      run.used += n;
      openers.length = opener.left > 0 ? at + 1 : at;
    }
    if (run.canOpen && run.left > 0) openers.push(run);
  }
  let out = text;
  for (const run of runs.filter((r) => r.used > 0).reverse()) out = out.slice(0, run.start) + out.slice(run.start + run.used);
  return out;
}

/** A Markdown text as one line of plain text, as a reader of the rendered text would read it. */
export function markdownToText(markdown: string): string {
  const pieces: string[] = [];
  const source = markdown.slice(0, MAX_SOURCE).replace(PRIVATE_USE, '').replace(/\r\n?/g, '\n');
  const marked = dropEmphasis(dropLinks(dropLineMarks(protectPieces(source, pieces))));
  return marked
    .replace(PRIVATE_USE, (c) => pieces[c.charCodeAt(0) - PIECE_BASE] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
