import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { english } from './en';
import { formatList, interpolate, t } from './i18n';

const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
  await Promise.all(Object.entries(english).map(async ([name, entry]) => [name, typeof entry === 'function' ? (await entry()).default : entry] as const)),
);
const everyKey = new Set(Object.values(catalogues).flatMap((words) => Object.keys(words)));

// happy-dom replaces the global URL; node's resolves file: URLs.
const srcDir = fileURLToPath(new NodeURL('..', import.meta.url));
const features = readdirSync(join(srcDir, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(srcDir, 'i18n') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// The features whose pages sit in the editor frame (`/admin`), whose route loads the `admin` catalogue.
const inEditorFrame = new Set(['ads', 'analytics', 'audit', 'challenges-admin', 'contests-admin', 'editor', 'media', 'papers-admin', 'question-bank', 'users']);
const editorFrame = /^(components\/admin\/|app\/routes\/(editor|admin|no-access)\.tsx$)/;

/** The catalogues a file's words may come from: `common`, always loaded, and those loaded with the pages showing it. */
function cataloguesFor(file: string): string[] {
  const feature = /^features\/([^/]+)\//.exec(file)?.[1];
  if (feature) return ['common', ...(feature in catalogues ? [feature] : []), ...(inEditorFrame.has(feature) ? ['admin'] : [])];
  return editorFrame.test(file) ? ['common', 'admin'] : ['common'];
}

const namespaces = new Set([...everyKey].map((key) => key.split('.')[0]));

/** The message keys a file names: literal ones, and those built in a template (`exam.state.${state}`) as patterns. */
function keysIn(source: string): (string | RegExp)[] {
  return [...source.matchAll(/['"`]([a-z][a-zA-Z]*(?:\.(?:[a-zA-Z_]+|\$\{[^}]+\}))+)['"`]/g)]
    .map((match) => match[1] ?? '')
    .filter((key) => namespaces.has(key.split('.')[0]))
    .map((key) => (key.includes('${') ? new RegExp(`^${key.replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '[^.]+')}$`) : key));
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
});

describe('the catalogues', () => {
  it('are common, admin and one per feature, and none shares a key with another', () => {
    expect(Object.keys(catalogues).filter((name) => name !== 'common' && name !== 'admin' && !features.includes(name))).toEqual([]);
    const seen = new Map<string, string>();
    for (const [name, words] of Object.entries(catalogues)) {
      for (const key of Object.keys(words)) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it('have a non-empty message for every key', () => {
    for (const words of Object.values(catalogues)) for (const [key, message] of Object.entries(words)) expect(message.trim(), key).not.toBe('');
  });

  it('hold every key a file uses in a catalogue loaded with it: common, its feature’s, and admin in the editor frame', () => {
    const misplaced: string[] = [];
    let checked = 0;
    for (const path of sourceFiles(srcDir)) {
      const file = relative(srcDir, path).split('\\').join('/');
      const allowed = cataloguesFor(file).map((name) => Object.keys(catalogues[name] ?? {}));
      for (const key of keysIn(readFileSync(path, 'utf8'))) {
        checked += 1;
        const found = allowed.some((keys) => (typeof key === 'string' ? keys.includes(key) : keys.some((k) => key.test(k))));
        if (!found) misplaced.push(`${file}: ${String(key)}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(misplaced).toEqual([]);
  });
});
