/**
 * Moodle's multi-language content: one text holding several languages, each shown to readers of its
 * own. Two markups are in use, in any text of a question (Moodle XML and GIFT alike):
 * - the multi-language filter: `<span lang="en" class="multilang">…</span><span lang="hi" class="multilang">…</span>`.
 *   Two or more such spans side by side (only spaces between) make a block, of which a reader sees the
 *   span of their language, else the first; a lone span is no block and shows to everyone.
 * - its successor, multilang2: `{mlang hi}…{mlang}` (a list `{mlang en,fr}` too). Each block shows to
 *   readers of its languages; `{mlang other}` to readers of a language no block of that text names.
 * Text outside the blocks shows in every language. A code stands for its language whatever its
 * region (`en_us`, `EN-us` → en; `hi_in` → hi); languages other than English and Hindi are left out.
 */
import type { Language, MultilangStyle, ParsedQuestion, ParsedText } from './types.js';

const LANGUAGES: readonly Language[] = ['en', 'hi'];

/** The language a Moodle language code stands for, or null for any other. */
export function languageOfCode(code: string): Language | null {
  const base = code.trim().toLowerCase().split(/[_-]/)[0];
  return base === 'en' || base === 'hi' ? base : null;
}

type Block = { start: number; end: number; markup: MultilangStyle['markup']; parts: { codes: string[]; content: string }[] };

/** A multilang span's opening tag: a `lang` and `class="multilang"`, in either order, and nothing else (as Moodle's filter). */
const SPAN_OPEN = /<span((?:\s+(?:lang="[a-zA-Z0-9_-]+"|class="multilang")){2})\s*>/gi;
const SPAN_TAG = /<span\b[^>]*>|<\/span\s*>/gi;
const MLANG = /\{\s*mlang\s+([a-z0-9_-]+(?:\s*,\s*[a-z0-9_-]+)*)\s*\}([\s\S]*?)\{\s*mlang\s*\}/gi;
const isOther = (code: string) => code.trim().toLowerCase() === 'other';

/** The multilang spans of a text, each to its own closing tag (spans inside it counted). */
function spansOf(text: string): { start: number; end: number; code: string; content: string }[] {
  const spans: { start: number; end: number; code: string; content: string }[] = [];
  for (const open of text.matchAll(SPAN_OPEN)) {
    const lang = /lang="([a-zA-Z0-9_-]+)"/i.exec(open[1]!);
    if (!lang || !/class="multilang"/i.test(open[1]!)) continue;
    const start = open.index;
    if (spans.length > 0 && start < spans.at(-1)!.end) continue;
    const body = start + open[0].length;
    const tags = new RegExp(SPAN_TAG.source, 'gi');
    tags.lastIndex = body;
    let depth = 1;
    let close: RegExpExecArray | null = null;
    while (depth > 0 && (close = tags.exec(text))) depth += close[0][1] === '/' ? -1 : 1;
    // A span never closed is not one Moodle shows.
    if (depth > 0 || !close) continue;
    spans.push({ start, end: tags.lastIndex, code: lang[1]!, content: text.slice(body, close.index) });
  }
  return spans;
}

/** Every multi-language block of a text, in the order written. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  if (/multilang/i.test(text)) {
    let run: ReturnType<typeof spansOf> = [];
    const flush = () => {
      if (run.length >= 2) blocks.push({ start: run[0]!.start, end: run.at(-1)!.end, markup: 'span', parts: run.map((s) => ({ codes: [s.code], content: s.content })) });
      run = [];
    };
    for (const span of spansOf(text)) {
      if (run.length > 0 && text.slice(run.at(-1)!.end, span.start).trim() !== '') flush();
      run.push(span);
    }
    flush();
  }
  if (/mlang/i.test(text)) {
    for (const m of text.matchAll(MLANG)) {
      const start = m.index;
      const end = start + m[0].length;
      if (blocks.some((b) => b.markup === 'span' && start < b.end && end > b.start)) continue;
      blocks.push({ start, end, markup: 'mlang', parts: [{ codes: m[1]!.split(',').map((c) => c.trim()), content: m[2]! }] });
    }
  }
  return blocks.sort((a, b) => a.start - b.start);
}

const names = (codes: string[], language: Language) => codes.some((c) => languageOfCode(c) === language);
const mlangNames = (blocks: Block[], language: Language) => blocks.some((b) => b.markup === 'mlang' && names(b.parts[0]!.codes, language));

/** What a reader of `language` sees of a text. */
function textIn(text: string, blocks: Block[], language: Language): string {
  if (blocks.length === 0) return text;
  const named = mlangNames(blocks, language);
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += text.slice(at, block.start);
    at = block.end;
    if (block.markup === 'span') {
      out += (block.parts.find((p) => names(p.codes, language)) ?? block.parts[0]!).content;
    } else {
      const { codes, content } = block.parts[0]!;
      if (names(codes, language) || (!named && codes.some(isOther))) out += content;
    }
  }
  return out + text.slice(at);
}

/**
 * A question whose texts carry multi-language markup, as one question in its languages: English
 * first when it has English (the other language its translation), the markup and codes remembered.
 * A question without markup naming English or Hindi is given back as it is.
 */
export function readMultilang(q: ParsedQuestion): ParsedQuestion {
  const texts = [q.stem, q.generalFeedback, ...q.options.flatMap((o) => [o.text, o.feedback])];
  const scanned = texts.map((t) => (t ? blocksOf(t.text) : []));
  if (scanned.every((b) => b.length === 0)) return q;
  const present = new Set<Language>();
  const codes: MultilangStyle['codes'] = [];
  const note = (language: Language, code: string) => {
    present.add(language);
    if (!codes.some((c) => c.language === language)) codes.push({ language, code });
  };
  for (const block of scanned.flat()) for (const part of block.parts) for (const code of part.codes) if (languageOfCode(code)) note(languageOfCode(code)!, code);
  if (present.size === 0) return q;
  for (const blocks of scanned) {
    if (!blocks.some((b) => b.markup === 'mlang' && b.parts[0]!.codes.some(isOther))) continue;
    for (const language of LANGUAGES) if (!mlangNames(blocks, language)) note(language, 'other');
  }

  const textsIn = (language: Language) => {
    let i = 0;
    const next = (t: ParsedText | undefined): ParsedText | undefined => {
      const blocks = scanned[i++]!;
      if (!t) return undefined;
      const text = textIn(t.text, blocks, language).trim();
      return text === '' ? undefined : { text, format: t.format };
    };
    const stem = next(q.stem) ?? { text: '', format: q.stem.format };
    const generalFeedback = next(q.generalFeedback);
    const options = q.options.map((o) => ({ text: next(o.text) ?? { text: '', format: o.text.format }, feedback: next(o.feedback) }));
    return { stem, options, ...(generalFeedback ? { generalFeedback } : {}) };
  };
  const language: Language = present.has('en') ? 'en' : 'hi';
  const main = textsIn(language);
  const { generalFeedback: _general, title, ...rest } = q;
  const out: ParsedQuestion = {
    ...rest,
    ...main,
    options: q.options.map(({ feedback: _feedback, ...o }, i) => {
      const { text, feedback } = main.options[i]!;
      return { ...o, text, ...(feedback ? { feedback } : {}) };
    }),
    language,
    multilang: { markup: scanned.flat().find(Boolean)!.markup, codes },
  };
  if (title !== undefined) out.title = textIn(title, blocksOf(title), language).trim();
  const second = LANGUAGES.find((l) => l !== language && present.has(l));
  if (second) {
    const other = textsIn(second);
    out.translation = { language: second, ...other, options: other.options.map(({ text, feedback }) => ({ text, ...(feedback ? { feedback } : {}) })) };
  }
  return out;
}

/**
 * The reverse, for export: a question with a translation as one question whose texts hold both
 * languages, in the markup and codes it came in (spans for a question written in Abhyas). A text the
 * same in both languages is written once, without markup; a language with no text for a field gets an
 * empty block, so that reading it back leaves that text out again.
 */
export function writeMultilang(q: ParsedQuestion): ParsedQuestion {
  const { translation, multilang, language: _language, ...rest } = q;
  if (!translation) return q;
  const primary = q.language ?? LANGUAGES.find((l) => l !== translation.language)!;
  const style = multilang ?? { markup: 'span', codes: [] };
  const wanted = (l: Language) => l === primary || l === translation.language;
  const order = style.codes.filter((c) => wanted(c.language));
  for (const l of LANGUAGES) if (wanted(l) && !order.some((c) => c.language === l)) order.push({ language: l, code: l });
  // A span names its language; only {mlang} has `other`.
  const codeOf = (c: MultilangStyle['codes'][number]) => (style.markup === 'span' && isOther(c.code) ? c.language : c.code);

  const join = (own: ParsedText | undefined, theirs: ParsedText | undefined, format: ParsedText['format']): ParsedText | undefined => {
    const parts = order.map((c) => ({ code: codeOf(c), text: (c.language === primary ? own : theirs)?.text ?? '' }));
    if (parts.every((p) => p.text === parts[0]!.text)) return parts[0]!.text === '' ? undefined : { text: parts[0]!.text, format };
    const text = parts.map((p) => (style.markup === 'span' ? `<span lang="${p.code}" class="multilang">${p.text}</span>` : `{mlang ${p.code}}${p.text}{mlang}`)).join('');
    return { text, format };
  };
  const { generalFeedback: _general, ...base } = rest;
  const generalFeedback = join(q.generalFeedback, translation.generalFeedback, (q.generalFeedback ?? q.stem).format);
  return {
    ...base,
    stem: join(q.stem, translation.stem, q.stem.format)!,
    options: q.options.map(({ feedback: own, ...o }, i) => {
      const theirs = translation.options[i];
      const feedback = join(own, theirs?.feedback, (own ?? o.text).format);
      return { ...o, text: join(o.text, theirs?.text, o.text.format) ?? o.text, ...(feedback ? { feedback } : {}) };
    }),
    ...(generalFeedback ? { generalFeedback } : {}),
  };
}
