import type { ImportFormat } from './types.js';

const BY_EXTENSION: Record<string, ImportFormat> = { gift: 'gift', xml: 'moodlexml', csv: 'csv', aiken: 'aiken' };

/**
 * Which format a file is in: a telling extension first, then its content. Null when neither says;
 * the caller then asks for `--format`.
 */
export function detectFormat(fileName: string | undefined, text: string): ImportFormat | null {
  const ext = fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 4000);
  if (/^<\?xml|^<quiz[\s>]/i.test(head)) return 'moodlexml';
  const firstLine = head.split('\n', 1)[0] ?? '';
  if (/(^|[,;\t])\s*"?question"?\s*([,;\t]|$)/i.test(firstLine) && /[,;\t]/.test(firstLine)) return 'csv';
  if (/^ANSWER:\s*[A-Za-z]\s*$/m.test(head) && /^[A-Z][.)]\s+\S/m.test(head)) return 'aiken';
  if (/\{[^}]*[=~][^}]*\}|\{\s*(T|F|TRUE|FALSE)\s*[#}]|^\s*::.+::|^\$CATEGORY:/im.test(head)) return 'gift';
  return null;
}
