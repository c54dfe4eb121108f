import { z } from 'zod';

// PostgreSQL refuses NUL in text, where SQLite would keep it: refused on both, the same input gets
// the same answer whichever database runs.
const NUL = '\u0000';
// Half of a surrogate pair on its own is not a character: no database keeps it as sent (PostgreSQL
// stores a replacement character, SQLite invalid UTF-8), so what is read back differs from what was checked.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every database the server runs on stores the text exactly as it is. */
export const isStorableText = (value: string): boolean => !value.includes(NUL) && !LONE_SURROGATE.test(value);

/**
 * Free text from outside (a body field, a query parameter): a string every database stores as it
 * is, or a 400 whose message names the field. Every free-text field of a request starts here.
 */
export const safeText = (label: string, typeError = `${label} must be text`) =>
  z
    .string({ error: typeError })
    // abort: text that cannot be stored gets this one message, not every later check's too.
    .refine((v) => !v.includes(NUL), { error: `${label} must not contain the NUL character`, abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { error: `${label} must not contain half of a character (a lone surrogate)`, abort: true });
