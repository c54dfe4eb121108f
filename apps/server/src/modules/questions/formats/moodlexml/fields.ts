import type { ParsedImage, ParsedText, TextFormat } from '../types.js';
import { child, childrenNamed, textOf, type XmlEl } from './xml-tree.js';

/** A problem that stops one question from being imported; `element` names where in the question. */
export class QuestionError extends Error {
  constructor(message: string, readonly element?: string, readonly line?: number) {
    super(message);
  }
}

const FORMATS: Record<string, TextFormat> = {
  moodle_auto_format: 'moodle',
  html: 'html',
  plain_text: 'plain',
  markdown: 'markdown',
  wiki_like: 'moodle',
};

export const FORMAT_NAMES: Record<TextFormat, string> = { moodle: 'moodle_auto_format', html: 'html', plain: 'plain_text', markdown: 'markdown' };

/** Moodle's `trans_format`: the `format` attribute, else the default; an unknown name means html. */
export function formatOf(el: XmlEl | undefined, fallback: TextFormat): TextFormat {
  const name = el?.attrs.format?.trim();
  if (name === undefined) return fallback;
  return FORMATS[name] ?? 'html';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The `<file>` children of a field element (Moodle's `import_files_as_draft`), scoped to that field. */
export function readFiles(el: XmlEl | undefined, field: ParsedImage['field'], where: string): ParsedImage[] {
  const images: ParsedImage[] = [];
  childrenNamed(el, 'file').forEach((file, i) => {
    const element = `${where}/file[${i + 1}]`;
    const fileName = file.attrs.name?.trim();
    if (!fileName) throw new QuestionError('A <file> has no name attribute.', element, file.line);
    const encoding = file.attrs.encoding?.trim() ?? 'base64';
    if (encoding !== 'base64') throw new QuestionError(`File "${fileName}" uses encoding "${encoding}"; only base64 is supported.`, element, file.line);
    const data = file.text.replace(/\s+/g, '');
    if (!BASE64.test(data) || data.length % 4 === 1) throw new QuestionError(`File "${fileName}" is not valid base64.`, element, file.line);
    const dir = (file.attrs.path ?? '/').trim().replace(/^\/+|\/+$/g, '');
    const name = dir ? `${dir}/${fileName}` : fileName;
    // Moodle's draft area holds one file per path and name: a repeated name in one field keeps the first.
    if (!images.some((img) => img.name === name)) images.push({ name, field, data: Buffer.from(data, 'base64') });
  });
  return images;
}

/** Moodle's `import_text_with_files`: `<el format=…><text>…</text><file …/></el>`. */
export function readField(
  el: XmlEl | undefined,
  fallback: TextFormat,
  field: ParsedImage['field'],
  where: string,
): { text: ParsedText; images: ParsedImage[] } {
  return { text: { text: textOf(el) ?? '', format: formatOf(el, fallback) }, images: readFiles(el, field, where) };
}

/** A field that may be left out: undefined when it holds neither text nor files. */
export function readOptionalField(el: XmlEl | undefined, fallback: TextFormat, field: ParsedImage['field'], where: string) {
  const read = readField(el, fallback, field, where);
  return read.text.text === '' && read.images.length === 0 ? undefined : read;
}

/** Moodle's `trans_single`: "false", "0" and "" are false; anything else is true. */
export function isTrue(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return !(value === 'false' || value === '0' || value === '');
}

export function numberOf(el: XmlEl, name: string): number | undefined {
  const raw = child(el, name)?.text.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Category paths: `$course$/top/Quant//Ratio ` → `Quant//Ratio`. The `$context$/` prefix and a leading
 * `top` go; each name is trimmed as Moodle does; `//` (an escaped `/` inside a name) is kept.
 */
export function categoryPath(raw: string): string | undefined {
  const path = raw.trim().replace(/^\$[a-z]+\$\/?/, '');
  const names = path.split(/(?<!\/)\/(?!\/)/).map((n) => n.trim()).filter((n) => n !== '');
  if (names[0] === 'top') names.shift();
  return names.length ? names.join('/') : undefined;
}
