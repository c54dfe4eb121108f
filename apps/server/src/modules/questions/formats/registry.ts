import { parseAiken } from './aiken/parse-aiken.js';
import { parseCsv } from './csv/parse-csv.js';
import { parseGift } from './gift/parse-gift.js';
import { parseMoodleXml } from './moodlexml/parse-moodlexml.js';
import type { ImportFormat, Parser } from './types.js';

/** The parser for each format Abhyas imports. */
export const PARSERS: Record<ImportFormat, Parser> = {
  gift: parseGift,
  aiken: parseAiken,
  moodlexml: parseMoodleXml,
  csv: parseCsv,
};
