import { MEDIA_DEFAULT_MAX_BYTES, MEDIA_TYPES, type MediaType } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

/** The file picker's `accept`: the image types the server stores. */
export const IMAGE_ACCEPT = MEDIA_TYPES.join(',');

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type its first bytes declare (the signatures the server checks too), or null. The
 * browser's `file.type` only reflects the name's extension, and some phones leave it empty.
 * Signatures: PNG (ISO/IEC 15948 §5.2), JPEG SOI marker, GIF87a/89a, WebP's RIFF….WEBP header.
 */
export function sniffImageType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type ImageFileCheck = { ok: true; contentType: MediaType } | { ok: false; problem: 'type' } | { ok: false; problem: 'size'; megabytes: string; limitMegabytes: string };

/** A size in megabytes as people read it: 2, 0.5, 3.1. */
export const megabytes = (bytes: number) => String(Number((bytes / 1024 / 1024).toFixed(1)));

/**
 * Checks a chosen file before it is sent, so a wrong pick is told at once rather than after a slow
 * upload; the server checks again and has the last word.
 */
export async function checkImageFile(file: Blob, maxBytes = MEDIA_DEFAULT_MAX_BYTES): Promise<ImageFileCheck> {
  const contentType = sniffImageType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  if (!contentType) return { ok: false, problem: 'type' };
  if (file.size > maxBytes) return { ok: false, problem: 'size', megabytes: megabytes(file.size), limitMegabytes: megabytes(maxBytes) };
  return { ok: true, contentType };
}

/** What to tell the editor about a file checkImageFile turned down. */
export function imageFileProblem(check: Extract<ImageFileCheck, { ok: false }>): string {
  return check.problem === 'type' ? t('editor.image.wrongType') : t('editor.image.tooLarge', { size: check.megabytes, limit: check.limitMegabytes });
}

/** A first description from the file's name ("triangle_abc-2.png" → "triangle abc 2"), for the editor to improve. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** Brackets and backslashes would end or escape the alt text early (CommonMark §6.4). */
const escapeAlt = (alt: string) => alt.replace(/[\\[\]]/g, '\\$&');

/** A textarea's text with its new selection. */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Puts `![alt](url)` in place of the selection (or at the cursor) and selects the alt text, so the
 * editor can type a better description straight away.
 */
export function insertImageMarkdown(value: string, selectionStart: number, selectionEnd: number, alt: string, url: string): TextEdit {
  const start = Math.max(0, Math.min(selectionStart, value.length));
  const end = Math.max(start, Math.min(selectionEnd, value.length));
  const description = escapeAlt(alt);
  // Angle brackets keep an address with spaces or parentheses in one piece (CommonMark §6.3).
  const destination = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  const snippet = `![${description}](${destination})`;
  const altStart = start + 2;
  return { value: value.slice(0, start) + snippet + value.slice(end), selectionStart: altStart, selectionEnd: altStart + description.length };
}
