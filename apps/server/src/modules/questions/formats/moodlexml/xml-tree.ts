import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ParseProblem } from '../types.js';

/** A parsed XML element: its direct text (text and CDATA joined, entities decoded) and its child elements. */
export type XmlEl = { name: string; attrs: Record<string, string>; children: XmlEl[]; text: string; line?: number };

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Decodes only XML's five predefined entities and character references. Any other `&name;` stays as
 * written (Moodle texts are HTML, so `&nbsp;` keeps its meaning). No DTD entity is ever expanded.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/**
 * Refuses DTDs before any parser sees them: a DOCTYPE with an internal subset (entity declarations,
 * XXE, billion laughs) or any `<!ENTITY` is rejected outright; nothing is expanded or fetched. CDATA and comments are
 * blanked first so a question *about* XML can still mention `<!ENTITY`.
 */
/** The offset of the first `<!DOCTYPE` or `<!ENTITY` outside CDATA sections and comments (linear scan). */
function findDeclaration(text: string): { at: number; entity: boolean } | undefined {
  const markers = ['<![CDATA[', '<!--', '<!DOCTYPE', '<!ENTITY'];
  const next = markers.map((m) => text.indexOf(m));
  let i = 0;
  for (;;) {
    for (let k = 0; k < markers.length; k += 1) if ((next[k] ?? -1) !== -1 && (next[k] ?? 0) < i) next[k] = text.indexOf(markers[k] ?? '', i);
    let k = -1;
    next.forEach((at, j) => { if (at !== -1 && (k === -1 || at < (next[k] ?? 0))) k = j; });
    if (k === -1) return undefined;
    const at = next[k] ?? 0;
    if (k >= 2) return { at, entity: k === 3 || /^<!DOCTYPE[^>[]*\[/.test(text.slice(at, at + 2000)) };
    const end = text.indexOf(k === 0 ? ']]>' : '-->', at);
    if (end === -1) return undefined; // unterminated: the validator rejects the file
    i = end + 3;
  }
}

/**
 * Refuses DTDs before any parser sees them: a DOCTYPE with an internal subset (entity declarations,
 * XXE, billion laughs) or any `<!ENTITY` is rejected outright; nothing is expanded or fetched. CDATA and comments are
 * skipped so a question *about* XML can still mention `<!ENTITY`.
 */
function findDtdProblem(text: string, lineOf: (offset: number) => number): ParseProblem | undefined {
  const hit = findDeclaration(text);
  // A bare `<!DOCTYPE quiz>` declares nothing and is ignored (no external DTD is ever fetched).
  if (!hit?.entity) return undefined;
  return {
    position: { line: lineOf(hit.at) },
    message: 'The file declares a DTD with entity declarations (<!DOCTYPE … [<!ENTITY …]>). Such files are refused: entities are never expanded.',
  };
}

/** Maps character offsets to 1-based lines with a binary search over line starts. */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

type Node = Record<string, unknown> & { [k: symbol]: { startIndex?: number } | undefined };

const META = XMLParser.getMetaDataSymbol() as symbol;

function toEl(node: Node, name: string, lineOf: (o: number) => number): XmlEl {
  const el: XmlEl = { name, attrs: {}, children: [], text: '' };
  const start = node[META]?.startIndex;
  if (typeof start === 'number') el.line = lineOf(start);
  const attrs = node[':@'] as Record<string, unknown> | undefined;
  if (attrs) for (const [k, v] of Object.entries(attrs)) el.attrs[k] = decodeEntities(String(v));
  const kids = (node[name] as Node[] | undefined) ?? [];
  for (const kid of kids) {
    if ('#text' in kid) el.text += decodeEntities(String(kid['#text']));
    else if ('#cdata' in kid) el.text += ((kid['#cdata'] as Node[])[0]?.['#text'] as string | undefined) ?? '';
    else {
      const kidName = Object.keys(kid).find((k) => k !== ':@');
      if (kidName && !kidName.startsWith('?')) el.children.push(toEl(kid, kidName, lineOf));
    }
  }
  return el;
}

/** Parses a whole document, or reports why it is refused (not well-formed, DTD). */
export function parseXmlTree(text: string): { root: XmlEl } | { error: ParseProblem } {
  const lineOf = lineIndex(text);
  const dtd = findDtdProblem(text, lineOf);
  if (dtd) return { error: dtd };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return { error: { position: { line, ...(col ? { column: col } : {}) }, message: `The file is not well-formed XML, so nothing was imported: ${msg}` } };
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    cdataPropName: '#cdata',
    captureMetaData: true,
  });
  try {
    const nodes = parser.parse(text) as Node[];
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@');
      if (name && !name.startsWith('?')) return { root: toEl(node, name, lineOf) };
    }
  } catch (e) {
    return { error: { position: { line: 1 }, message: `The file could not be read as XML: ${(e as Error).message}` } };
  }
  return { error: { position: { line: 1 }, message: 'The file has no root element.' } };
}

export const child = (el: XmlEl | undefined, name: string): XmlEl | undefined => el?.children.find((c) => c.name === name);
export const childrenNamed = (el: XmlEl | undefined, name: string): XmlEl[] => el?.children.filter((c) => c.name === name) ?? [];
/** Moodle's `getpath(…, '#', name, 0, '#', 'text', 0, '#')` with trimming; undefined when absent. */
export const textOf = (el: XmlEl | undefined, name?: string): string | undefined => {
  const holder = name ? child(el, name) : el;
  const t = child(holder, 'text');
  return t ? t.text.trim() : undefined;
};
/** The trimmed direct text of a child element (`<single>true</single>`). */
export const valueOf = (el: XmlEl | undefined, name: string): string | undefined => child(el, name)?.text.trim();
