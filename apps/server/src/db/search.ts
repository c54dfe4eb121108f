import { sql } from 'kysely';

/** `%`, `_` and `\` in user text are literal in a LIKE pattern that declares `ESCAPE '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column LIKE '%term%'`, with the term's wildcards literal on both dialects: SQLite's LIKE has no
 * escape character unless one is named, and PostgreSQL accepts the same clause.
 */
export const containsTerm = (column: string, term: string) => sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(term)}%`} escape '\\'`;

/**
 * Text in the one form search compares: lower-cased here rather than by the database (SQLite's
 * lower() knows only ASCII, PostgreSQL's follows its locale), then Unicode NFC, so a Hindi word
 * typed with a precomposed character (क़) or with its parts (क + ़) is the same word. Scripts
 * without case, Devanagari among them, pass through lower-casing unchanged.
 */
export const searchable = (text: string): string => text.toLowerCase().normalize('NFC');

/** What a row's search column holds: its searched fields, one per line, in the form search compares. */
export const searchableText = (...fields: string[]): string => searchable(fields.join('\n'));

/** The distinct words of a search box in the form search compares, at most `max` of them. */
export function searchTerms(text: string | undefined, max = 8): string[] {
  return [...new Set(searchable(text ?? '').split(/\s+/).filter(Boolean))].slice(0, max);
}
