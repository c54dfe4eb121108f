import { sql } from 'kysely';

/** `%`, `_` and `\` in user text are literal in a LIKE pattern that declares `ESCAPE '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column LIKE '%term%'`, with the term's wildcards literal on both dialects: SQLite's LIKE has no
 * escape character unless one is named, and PostgreSQL accepts the same clause.
 */
export const containsTerm = (column: string, term: string) => sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(term)}%`} escape '\\'`;

/** The distinct lower-cased words of a search box, at most `max` of them. */
export function searchTerms(text: string | undefined, max = 8): string[] {
  return [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, max);
}
