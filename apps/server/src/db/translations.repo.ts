import type { Language } from '@abhyas/contracts';
import type { Executor } from './index.js';
import type { PublishedTable } from './publishing.repo.js';

/**
 * An article and its version in the other language share a translation key (a column of blogs and
 * of topics); a unique index keeps one article per language under a key. These are the queries both
 * kinds use to read and write those links.
 */
export type TranslationRow = { id: string; slug: string; title: string; language: Language; status: 'draft' | 'published'; translation_key: string | null };

const COLUMNS = ['id', 'slug', 'title', 'language', 'status', 'translation_key'] as const;
// Both tables have these columns; typing against one of them keeps the queries checked.
const as = (table: PublishedTable) => table as 'blogs';

/** The article named by this id or slug, whatever its status; an id wins over a slug that looks like one. */
export async function findByIdOrSlug(db: Executor, table: PublishedTable, ref: string): Promise<TranslationRow | undefined> {
  const rows = await db
    .selectFrom(as(table))
    .select(COLUMNS)
    .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
    .execute();
  return rows.find((r) => r.id === ref) ?? rows[0];
}

/** The articles under any of these translation keys, whatever their status. */
export async function rowsUnderKeys(db: Executor, table: PublishedTable, keys: readonly string[]): Promise<TranslationRow[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  return db.selectFrom(as(table)).select(COLUMNS).where('translation_key', 'in', unique).execute();
}

/**
 * The article's translation key, giving it this fresh one when it has none. The update is
 * conditional, so of two writers linking to the same article at once, the second (whose update
 * waits on the first's row lock) takes the key the first gave it.
 */
export async function claimKey(db: Executor, table: PublishedTable, id: string, fresh: string): Promise<string | null> {
  await db.updateTable(as(table)).set({ translation_key: fresh }).where('id', '=', id).where('translation_key', 'is', null).execute();
  const row = await db.selectFrom(as(table)).select('translation_key').where('id', '=', id).executeTakeFirst();
  return row?.translation_key ?? null;
}

/** Sets one article's language and translation key in one statement. */
export async function setLanguageAndKey(db: Executor, table: PublishedTable, id: string, language: Language, key: string | null): Promise<void> {
  await db.updateTable(as(table)).set({ language, translation_key: key }).where('id', '=', id).execute();
}
