import type { Language } from '@abhyas/contracts';
import { en } from './en';
import type { adminMessages } from './en-admin';
import type { contestMessages } from './en-contests';
import type { contestEditorMessages } from './en-contests-admin';
import type { examMessages } from './en-exam';
import type { practiceMessages } from './en-practice';
import type { testEditorMessages } from './en-test-editor';

/**
 * Every message key: the catalogue every page loads (`en.ts`) and the parts that load with the
 * pages using them (`en-admin.ts`, `en-contests.ts`, `en-contests-admin.ts`, `en-exam.ts`, `en-practice.ts`, `en-test-editor.ts`, added by `addMessages`).
 */
export type MessageKey = keyof typeof en | keyof typeof adminMessages | keyof typeof contestMessages | keyof typeof contestEditorMessages | keyof typeof examMessages | keyof typeof practiceMessages | keyof typeof testEditorMessages;
export type Catalogue = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/**
 * Catalogues by locale. To add Hindi: write `hi.ts` exporting a `Catalogue` and register it here;
 * components only ever call `t(key)`, so none of them change. Missing keys fall back to English.
 */
const catalogues: Partial<Record<Language, Partial<Catalogue>>> = { en: { ...en } };

/**
 * Adds a part of a locale's catalogue: the words of pages that load on demand come with their
 * code, so the catalogue in the main bundle holds only what every page may show.
 */
export function addMessages(locale: Language, messages: Partial<Catalogue>): void {
  catalogues[locale] = { ...catalogues[locale], ...messages };
}

let current: Language = 'en';
const listeners = new Set<() => void>();

/** The locale whose messages `t` returns. */
export function getLocale(): Language {
  return current;
}

/** Switches the UI language; subscribers (the app root) re-render so every `t` call re-runs. */
export function setLocale(locale: Language): void {
  if (locale === current || !catalogues[locale]) return;
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
  const template = catalogues[current]?.[key] ?? catalogues.en?.[key] ?? key;
  return interpolate(template, params);
}

/** Joins items as a list in the current locale ("a, b and c"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}
