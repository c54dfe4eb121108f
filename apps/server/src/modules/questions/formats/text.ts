import type { ParseProblem } from './types.js';

const BOM = '\uFEFF';

/**
 * Decodes a file as UTF-8, with or without a BOM. Invalid bytes do not stop the import: they become
 * U+FFFD and each line holding one is reported. CRLF and CR line ends become LF.
 */
export function decodeText(input: Buffer | string): { text: string; problems: ParseProblem[] } {
  const problems: ParseProblem[] = [];
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    text = new TextDecoder('utf-8', { fatal: false }).decode(input);
    // Report only bytes that were really invalid (the text no longer re-encodes to the same bytes),
    // not a U+FFFD the file itself contained.
    if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(input)) {
      text.split(/\r\n|\r|\n/).forEach((line, i) => {
        if (line.includes('\uFFFD')) problems.push({ position: { line: i + 1 }, message: 'Invalid UTF-8 bytes; they were replaced with �' });
      });
    }
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  return { text: text.replace(/\r\n?/g, '\n'), problems };
}

/** The 1-based line number of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}
