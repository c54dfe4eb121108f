import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/*
 * The JavaScript budgets (docs/PRODUCT.md §10), read from the built web app: what a first visit to
 * each public page downloads, compressed as the server sends it (the Brotli files beside the chunks),
 * in English and in Hindi, and the exam screen's own code. Which chunks a page needs comes from Vite's
 * manifest and the router's table; e2e/budgets.e2e.test.ts measures the same in Chromium.
 */

const ROOT = join(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

const MAX_PAGE_BYTES = 170 * 1024;
const MAX_EXAM_GZIP_BYTES = 60 * 1024;

/** The public pages, as the router names them ('' is the home page, in the main bundle). */
const PUBLIC_PAGES = ['', 'login', 'register', 'forgot-password', 'reset-password', 'blogs', 'blogs/:slug', 'topics', 'topics/:slug', 'tests', 'tests/:slug', 'contests', 'contests/:slug'];
const LANGUAGES = ['en', 'hi'] as const;
/** The catalogues in the main bundle in English; a Hindi reader's first page fetches their Hindi. */
const MAIN_CATALOGUES = ['common', 'home', 'location'];
/** What another language loads before any page (the home page asks for its own words like any route). */
const SHELL_CATALOGUES = ['common', 'location'];

/**
 * What the main bundle loads lazily, by when: after every page (the page-view recorder, when the page
 * is idle), after one page, or only on demand (a toast, a signed-in reader's header, the offline copies forgotten at sign-out). A new lazy
 * import must be placed here, so the budget never misses what a first visit downloads.
 */
const AFTER_EVERY_PAGE = ['src/features/tracking/api/send-page-view.ts'];
const AFTER_PAGE: Record<string, string[]> = { '': ['src/features/contests/components/contests-strip.tsx'] };
const ON_DEMAND = ['src/app/shell/toast-area.tsx', 'attempt-copies', 'src/features/contests/components/contests-soon.tsx', 'src/features/notices/components/notice-bell.tsx'];

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  name?: string;
}

function readManifest(): Record<string, Chunk> {
  if (!existsSync(MANIFEST)) throw new Error('The budgets are read from the built web app: run `npm run build` first (npm test does this).');
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
}

const manifest = readManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;

/** Every chunk file `key` needs before it runs: its own and its static imports', all the way down. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

/** The source module a specifier in `fromDir` names, as the manifest keys it. */
function moduleKey(specifier: string, fromDir: string): string {
  const base = specifier.startsWith('@/') ? `src/${specifier.slice(2)}` : posix.join(fromDir, specifier);
  const key = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => candidate in manifest);
  if (!key) throw new Error(`${specifier} (from ${fromDir}) is not in the build's manifest`);
  return key;
}

const CATALOGUED = /withCatalogues\(\[([^\]]*)\],\s*import\('([^']+)'\)\)/g;
const names = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);

/** Every module src/app loads with catalogues, and which: the routes and the lazy parts of the shell. */
function cataloguesByModule(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(WEB, dir))) {
      const path = posix.join(dir, name);
      if (statSync(join(WEB, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.includes('.test.')) {
        for (const m of readFileSync(join(WEB, path), 'utf8').matchAll(CATALOGUED)) found.set(moduleKey(m[2]!, posix.dirname(path)), names(m[1]!));
      }
    }
  };
  walk('src/app');
  return found;
}

const ROUTER = readFileSync(join(WEB, 'src/app/router.tsx'), 'utf8');

/** The router's pages outside the editor's (whose `tests`, `blogs`… are other pages): each path and the module its `lazy` loads. */
function routeModules(): Map<string, string> {
  const editorFrame = ROUTER.indexOf("path: 'admin',");
  expect(editorFrame).toBeGreaterThan(0);
  const routes = new Map<string, string>();
  for (const m of ROUTER.slice(0, editorFrame).matchAll(/path: '([^']*)',((?:(?!path:)[\s\S]){0,400}?)import\('([^']+)'\)/g)) routes.set(m[1]!, moduleKey(m[3]!, 'src/app'));
  return routes;
}

const catalogues = cataloguesByModule();
const routes = routeModules();
/** Every module the router loads, a page's or a frame's (the editor's, the admins'). */
const routerModules = new Set([...ROUTER.matchAll(/import\('([^']+)'\)/g)].map((m) => moduleKey(m[1]!, 'src/app')));

/** The bytes the server sends for a chunk: its Brotli file where the build wrote one (over 1 KB), else the file. */
function servedBytes(file: string): number {
  const path = join(DIST, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}
const gzipBytes = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

function firstVisit(page: string, language: (typeof LANGUAGES)[number]): Set<string> {
  const files = closure(entryKey);
  const lazy = [...AFTER_EVERY_PAGE, ...(AFTER_PAGE[page] ?? [])];
  const route = routes.get(page);
  if (page !== '') {
    expect(route, `the router has no page '${page}'`).toBeDefined();
    lazy.push(route!);
  }
  const wanted = new Set(lazy.flatMap((key) => catalogues.get(key) ?? []));
  if (language === 'hi') {
    for (const name of SHELL_CATALOGUES) wanted.add(name);
    if (page === '') wanted.add('home');
  } else for (const name of MAIN_CATALOGUES) wanted.delete(name);
  for (const key of [...lazy, ...[...wanted].map((name) => `src/i18n/${language}/${name}.ts`)]) closure(key, files);
  return files;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the JavaScript budgets of the built web app', () => {
  it('knows when each lazy part of the main bundle loads', () => {
    const known = new Set([...routerModules, ...AFTER_EVERY_PAGE, ...Object.values(AFTER_PAGE).flat(), ...ON_DEMAND]);
    // A module other chunks also import is a shared chunk, known by its name (`attempt-copies`).
    const unplaced = (manifest[entryKey]!.dynamicImports ?? []).filter((key) => !key.startsWith('src/i18n/') && !known.has(key) && !known.has(manifest[key]?.name ?? ''));
    expect(unplaced).toEqual([]);
  });

  it.each(LANGUAGES)('keeps a first visit to every public page within 170 KB of JavaScript as served, in %s', (language) => {
    const figures = PUBLIC_PAGES.map((page) => ({ page: `/${page}`, bytes: [...firstVisit(page, language)].reduce((sum, file) => sum + servedBytes(file), 0) }));
    const table = figures.map((f) => `${f.page}: ${kb(f.bytes)}`).join('\n');
    expect(
      figures.filter((f) => f.bytes > MAX_PAGE_BYTES).map((f) => f.page),
      table,
    ).toEqual([]);
    // The sums are of real chunks: a first visit downloads at least React and the router.
    expect(Math.min(...figures.map((f) => f.bytes)), table).toBeGreaterThan(50 * 1024);
  });

  it('keeps the exam screen’s own code (its chunk and what it brings beyond the main bundle) within 60 KB gzipped', () => {
    const examPage = routes.get('attempts/:id');
    expect(examPage).toBeDefined();
    const main = closure(entryKey);
    const own = [...closure(examPage!)].filter((file) => !main.has(file));
    const bytes = own.reduce((sum, file) => sum + gzipBytes(file), 0);
    expect(bytes, own.map((file) => `${file}: ${kb(gzipBytes(file))}`).join('\n')).toBeLessThanOrEqual(MAX_EXAM_GZIP_BYTES);
    expect(own).toContain(manifest[examPage!]!.file);
  });
});
