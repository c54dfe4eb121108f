import type { AdminTranslation, Language, Translation } from '@abhyas/contracts';
import { isUniqueViolation } from '../db/errors.js';
import type { Executor } from '../db/index.js';
import type { PublishedTable } from '../db/publishing.repo.js';
import { claimKey, findByIdOrSlug, rowsUnderKeys, setLanguageAndKey, type TranslationRow } from '../db/translations.repo.js';
import { AppError, validationFailed } from './errors.js';
import { newId } from './ids.js';

/** The other version in each language, as a refusal names it ("An English version", "A Hindi version"). */
const A_VERSION: Record<Language, string> = { en: 'An English version', hi: 'A Hindi version' };

/** An article as far as its language and its link to the other language's version go. */
type Linkable = { id: string; language: Language; translation_key: string | null };

const FIELD = 'translationOf';
function taken(language: Language, title?: string): AppError {
  const message = `${A_VERSION[language]} is already linked${title ? `: "${title}"` : ''}`;
  return new AppError('TRANSLATION_TAKEN', 409, message, [{ field: FIELD, message }]);
}

/**
 * Writes an article's language and its link to the same article in the other language, inside the
 * writer's transaction. `ref` names the other article by id or slug (either side may name the
 * other: they join one translation key), null unlinks, undefined keeps the link. A key holds one
 * article per language, so a language already there is refused with 409 TRANSLATION_TAKEN, and so
 * is a second writer racing for the same place (the unique index decides).
 */
export async function placeTranslation(
  db: Executor,
  table: PublishedTable,
  noun: 'blog' | 'topic',
  article: Linkable,
  language: Language | undefined,
  ref: string | null | undefined,
): Promise<{ language: Language; translation_key: string | null }> {
  const next = { language: language ?? article.language, translation_key: ref === null ? null : article.translation_key };
  if (ref) {
    const unknown = () => validationFailed([{ field: FIELD, message: `No ${noun} has this id or slug` }]);
    const other = await findByIdOrSlug(db, table, ref);
    if (!other) throw unknown();
    if (other.id === article.id) throw validationFailed([{ field: FIELD, message: `A ${noun} cannot be its own translation` }]);
    if (other.language === next.language) throw validationFailed([{ field: FIELD, message: `Choose a ${noun} in the other language` }]);
    // A fresh key, never an id: a key left behind by an unlinked or deleted article is never joined by mistake.
    next.translation_key = other.translation_key ?? (await claimKey(db, table, other.id, newId()));
    if (next.translation_key === null) throw unknown();
  }
  if (next.language === article.language && next.translation_key === article.translation_key) return next;
  if (next.translation_key !== null) {
    const clash = (await rowsUnderKeys(db, table, [next.translation_key])).find((r) => r.id !== article.id && r.language === next.language);
    if (clash) throw taken(next.language, clash.title);
  }
  try {
    await setLanguageAndKey(db, table, article.id, next.language, next.translation_key);
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(next.language);
    throw err;
  }
  return next;
}

/** The other articles under the article's key: what readers (published ones) and editors (all) are shown. */
export async function linkedRows(db: Executor, table: PublishedTable, article: Linkable): Promise<TranslationRow[]> {
  return article.translation_key === null ? [] : otherVersions(article, await rowsUnderKeys(db, table, [article.translation_key]));
}

/** The other versions of an article among rows already read. */
function otherVersions(article: Linkable, rows: readonly TranslationRow[]): TranslationRow[] {
  if (article.translation_key === null) return [];
  return rows.filter((r) => r.translation_key === article.translation_key && r.id !== article.id).sort((a, b) => a.language.localeCompare(b.language));
}

/** For a whole list already read: each article's other versions among its rows, grouped once by key. */
export function versionsAmong(rows: readonly TranslationRow[]): (article: Linkable) => TranslationRow[] {
  const byKey = new Map<string, TranslationRow[]>();
  for (const r of rows) if (r.translation_key !== null) byKey.set(r.translation_key, [...(byKey.get(r.translation_key) ?? []), r]);
  return (article) => (article.translation_key === null ? [] : otherVersions(article, byKey.get(article.translation_key) ?? []));
}

export const toTranslation = (r: TranslationRow): Translation => ({ language: r.language, slug: r.slug, title: r.title });
export const toAdminTranslation = (r: TranslationRow): AdminTranslation => ({ ...toTranslation(r), id: r.id, status: r.status });

/** The published other versions, as readers are sent to them. */
export const publishedTranslations = (rows: readonly TranslationRow[]): Translation[] => rows.filter((r) => r.status === 'published').map(toTranslation);

/** A published article as the sitemap lists it: its address, its language and its other published versions. */
export type SitemapArticle = { slug: string; updatedAt: number; language: Language; translations: { language: Language; slug: string }[] };

/** Sitemap entries from published rows, each with the versions among those rows that share its key. */
export function sitemapArticles(rows: readonly { slug: string; updated_at: number; language: Language; translation_key: string | null }[]): SitemapArticle[] {
  const byKey = new Map<string, { language: Language; slug: string }[]>();
  for (const r of rows) if (r.translation_key !== null) byKey.set(r.translation_key, [...(byKey.get(r.translation_key) ?? []), { language: r.language, slug: r.slug }]);
  return rows.map((r) => ({
    slug: r.slug,
    updatedAt: r.updated_at,
    language: r.language,
    translations: r.translation_key === null ? [] : byKey.get(r.translation_key)!.filter((t) => t.slug !== r.slug),
  }));
}
