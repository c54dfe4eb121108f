import type { Language } from '@abhyas/contracts';
import type { Catalogue, Catalogues, LazyCatalogues, MessageKey } from './catalogues';
import { english } from './en';
import { hindi } from './hi';

export type { Catalogue, MessageKey } from './catalogues';
export type MessageParams = Record<string, string | number>;

type Messages = Readonly<Record<string, string>>;
type Entry = Messages | (() => Promise<{ default: Messages }>);

/**
 * Catalogues by language: English's main-bundle catalogues are in the bundle, every other catalogue
 * (and every Hindi one) is loaded on demand; components only ever call `t(key)`.
 */
const languages: Record<Language, Catalogues | LazyCatalogues> = { en: english, hi: hindi };

/**
 * The shell's catalogues, which every page shows: loaded first in any language. (English keeps the
 * home page's in the main bundle too; in another, the home route asks for it like any page.)
 */
const everyPage: readonly Catalogue[] = ['common', 'location'];

let current: Language = 'en';
const listeners = new Set<() => void>();

/** Each language's words so far: its catalogues in the main bundle, then those loaded since. */
const words: Partial<Record<Language, Record<string, string>>> = {};
const loading = new Map<string, Promise<void>>();
/** Every catalogue asked for, so a language switched to loads them too before it shows. */
const asked = new Set<Catalogue>();

for (const [language, catalogues] of Object.entries(languages) as [Language, Catalogues][]) {
  for (const entry of Object.values(catalogues) as Entry[]) if (typeof entry !== 'function') Object.assign((words[language] ??= {}), entry);
}

function loadIn(language: Language, catalogue: Catalogue): Promise<void> {
  const entry: Entry = languages[language][catalogue];
  if (typeof entry !== 'function') return Promise.resolve();
  const id = `${language}/${catalogue}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = entry().then(
      (loaded) => {
        Object.assign((words[language] ??= {}), loaded.default);
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Loads catalogues in the current language; one already loaded (or in the main bundle) costs nothing. */
export function loadCatalogues(catalogues: readonly Catalogue[]): Promise<void> {
  for (const catalogue of catalogues) asked.add(catalogue);
  return Promise.all(catalogues.map((catalogue) => loadIn(current, catalogue))).then(() => undefined);
}

/**
 * `module` once the catalogues of the features it shows are loaded too, both fetched at once: a
 * route's `lazy` (or a lazily loaded component) waits on this, so its page never shows a raw key.
 */
export function withCatalogues<T>(catalogues: readonly Catalogue[], module: Promise<T>): Promise<T> {
  return Promise.all([loadCatalogues(catalogues), module]).then(([, loaded]) => loaded);
}

/** The locale whose messages `t` returns. */
export function getLocale(): Language {
  return current;
}

/**
 * Switches the UI language once every catalogue asked for so far is loaded in it; subscribers (the
 * app root) re-render so every `t` call re-runs.
 */
export async function setLocale(locale: Language): Promise<void> {
  if (locale === current) return;
  await Promise.all([...everyPage, ...asked].map((catalogue) => loadIn(locale, catalogue)));
  // Catalogues asked for while this one loaded are loaded too before it shows.
  await Promise.all([...asked].map((catalogue) => loadIn(locale, catalogue)));
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Subscribes to locale changes (for `useSyncExternalStore`). */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fills `{name}` placeholders; unknown placeholders are left visible so they get noticed. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** The message for `key` in the current locale, with `params` filled in. */
export function t(key: MessageKey, params?: MessageParams): string {
  const template = words[current]?.[key] ?? words.en?.[key] ?? key;
  return interpolate(template, params);
}

/** Joins items as a list in the current locale ("a, b and c"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}
