import { describe, expect, it } from 'vitest';
import { english } from './en';
import { hindi } from './hi';
import { getLocale, loadCatalogues, setLocale, t } from './i18n';
import type { Catalogue } from './catalogues';

const load = async (entry: unknown): Promise<Record<string, string>> =>
  typeof entry === 'function' ? ((await (entry as () => Promise<{ default: Record<string, string> }>)()).default as Record<string, string>) : (entry as Record<string, string>);

const names = Object.keys(english) as Catalogue[];
const en = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await load(english[name])] as const)));
const hi = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await load(hindi[name])] as const)));

/** Messages that read the same in both languages: the original client's fixed English messages and words that are names. */
const SAME_IN_BOTH = new Set([
  'Failed to fetch profile',
  'Failed to update profile',
  'Failed to fetch blogs',
  'Failed to fetch users',
  'Location not supported',
  'Location not enabled',
  'Location fetch error',
]);
/** Names that stay as they are in a Hindi sentence: the brand, a language named in itself, formats. */
const NAMES = /Abhyas|English|PIN|GIFT|Aiken|Moodle XML|CSV/g;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const devanagari = /[\u0900-\u097F]/;

describe('the Hindi catalogues', () => {
  it('are the English ones, catalogue by catalogue and key by key', () => {
    expect(Object.keys(hindi).sort()).toEqual([...names].sort());
    for (const name of names) expect(Object.keys(hi[name] ?? {}), name).toEqual(Object.keys(en[name] ?? {}));
  });

  it('give every message in Hindi, with the placeholders of its English', () => {
    const untranslated: string[] = [];
    for (const name of names) {
      for (const [key, english] of Object.entries(en[name] ?? {})) {
        const message = hi[name]?.[key] ?? '';
        expect(message.trim(), key).not.toBe('');
        expect(placeholders(message), key).toEqual(placeholders(english));
        if (SAME_IN_BOTH.has(english)) expect(message, key).toBe(english);
        // A message with words in it is written in Devanagari; one of names, numbers and signs alone may read the same.
        else if (/[a-z]{3,}/i.test(english.replace(/\{\w+\}/g, '').replace(NAMES, '')) && !devanagari.test(message) && message === english) untranslated.push(`${key}: ${english}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});

describe('switching the language', () => {
  it('shows every catalogue asked for in Hindi, and back in English', async () => {
    await loadCatalogues(['exam']);
    await setLocale('hi');
    expect(getLocale()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(t('exam.timer.overall')).toBe(hi.exam?.['exam.timer.overall']);
    expect(t('nav.signIn')).toBe(hi.common?.['nav.signIn']);
    // A catalogue first asked for in Hindi loads in Hindi.
    await loadCatalogues(['practice']);
    expect(t('practice.title')).toBe(hi.practice?.['practice.title']);
    await setLocale('en');
    expect(t('exam.timer.overall')).toBe('Time left');
    expect(document.documentElement.lang).toBe('en');
  });
});
