import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { DIFFICULTIES, GENDERS, LANGUAGES, ROLES } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { en as base } from './en';
import { adminMessages } from './en-admin';
import { contestMessages } from './en-contests';
import { contestEditorMessages } from './en-contests-admin';
import { examMessages } from './en-exam';
import { practiceMessages } from './en-practice';
import { testEditorMessages } from './en-test-editor';
import { formatList, interpolate, t, type MessageKey } from './i18n';

const en: Record<string, string> = { ...base, ...adminMessages, ...contestMessages, ...contestEditorMessages, ...examMessages, ...practiceMessages, ...testEditorMessages };

// happy-dom replaces the global URL; node's resolves file: URLs.
const srcDir = fileURLToPath(new NodeURL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/^en(-[a-z-]+)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('t', () => {
  it('returns the English message', () => {
    expect(t('profile.fetchFailed')).toBe('Failed to fetch profile');
    expect(t('profile.updateFailed')).toBe('Failed to update profile');
  });

  it('fills placeholders', () => {
    expect(t('home.welcome.title', { name: 'Asha' })).toBe('Welcome back, Asha');
    expect(t('auth.field.newPasswordHint', { min: 8 })).toBe('At least 8 characters.');
    expect(interpolate('{a} and {a}, not {b}', { a: 1 })).toBe('1 and 1, not {b}');
  });

  it('formats lists in the current locale', () => {
    expect(formatList(['phone', 'PIN code', 'exam'])).toBe('phone, PIN code, and exam');
  });

  it('has a non-empty message for every key', () => {
    for (const [key, message] of Object.entries(en)) expect(message.trim(), key).not.toBe('');
  });

  it('has every key the source code uses', () => {
    const namespaces = new Set(Object.keys(en).map((key) => key.split('.')[0]));
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z][a-zA-Z]*(?:\.[a-zA-Z_]+)+)['"`]/g)) {
        if (key && namespaces.has(key.split('.')[0])) used.add(key);
      }
    }
    // Keys built from contract enums: `gender.${gender}`, `language.${language}`, `difficulty.${difficulty}`, `role.${role}`.
    for (const gender of GENDERS) used.add(`gender.${gender}`);
    for (const language of LANGUAGES) used.add(`language.${language}`);
    for (const difficulty of DIFFICULTIES) used.add(`difficulty.${difficulty}`);
    for (const role of ROLES) used.add(`role.${role}`);

    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
    expect(used.has('profile.fetchFailed' satisfies MessageKey)).toBe(true);
  });
});

describe('catalogue parts', () => {
  it('share no key with the catalogue every page loads, nor with each other', () => {
    const parts = [adminMessages, contestMessages, contestEditorMessages, examMessages, practiceMessages, testEditorMessages].map((part) => Object.keys(part));
    const seen = new Set(Object.keys(base));
    for (const keys of parts) {
      for (const key of keys) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });
});
