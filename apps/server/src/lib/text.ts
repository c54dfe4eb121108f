// Control characters serve no purpose in a stored field, and PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
// Half of a surrogate pair on its own is not text: SQLite would keep it as invalid UTF-8, which
// reads back as three replacement characters, longer than what was checked.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Most text has neither, and one test is cheaper than two replacements.
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000-\u001f\u007f\uD800-\uDFFF]/;

/** Text from outside made safe to store: no control characters or lone surrogates, trimmed; null when nothing is left. */
export function storableText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = (SUSPECT.test(value) ? value.replace(CONTROL, '').replace(LONE_SURROGATE, '') : value).trim();
  return v === '' ? null : v;
}

/** The first `max` characters (Unicode code points, as the contracts' limits count them) of a text. */
export function firstCharacters(value: string, max: number): string {
  return value.length <= max ? value : [...value].slice(0, max).join('');
}
