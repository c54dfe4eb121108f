import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/ARCHITECTURE.md cannot drift from the tree: every folder a newcomer would open is named in its
 * tables, and every file its walkthroughs name exists.
 */

const ROOT = join(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
/** Folders that are made, not written: installs, builds, run data. */
const MADE = new Set(['node_modules', 'dist', 'coverage', 'data', '.bench', '.e2e', '.git']);

const ticked = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const isFolder = (token: string) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(token);
const isPath = (token: string) => /^[\w.-]+(\/[\w.[\]-]+)*(\/|\.(ts|tsx|mjs|js|md|json))$/.test(token) && !token.includes(' ');
const parent = (folder: string) => posix.dirname(folder.replace(/\/$/, '')) + '/';

/** The document's text under a heading, up to the next heading of the same or a higher level. */
export function section(doc: string, heading: string): string {
  const text = `\n${doc}`;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "${heading}"`);
  const level = heading.match(/^#+/)![0].length;
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The folders a table of the document names, from `root`: each row's first cell (a name standing
 * alone, as `profile/` after `src/features/auth/`, is its neighbour's sibling; `src/modules/<module>/`
 * names `src/modules/`) and the sub-folders its description names the same way (`migrations/` in the
 * row of `src/db/`) where they exist.
 */
export function namedFolders(table: string, root: string, exists: (path: string) => boolean): { rows: Set<string>; all: Set<string> } {
  const rows = new Set<string>();
  const all = new Set<string>();
  for (const line of table.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 2) continue;
    let previous: string | null = null;
    const rowFolders: string[] = [];
    for (const raw of ticked(cells[0]!)) {
      const token = raw.replace(/<[\w-]+>\/$/, '');
      if (!isFolder(token)) continue;
      const path: string = !token.slice(0, -1).includes('/') && previous ? parent(previous) + token : token;
      rowFolders.push(root + path);
      previous = path;
    }
    for (const folder of rowFolders) rows.add(folder);
    const home = rowFolders[0];
    if (!home) continue;
    for (const token of ticked(cells.slice(1).join(' | '))) {
      if (isFolder(token) && !token.slice(0, -1).includes('/') && exists(home + token)) all.add(home + token);
    }
  }
  for (const folder of rows) all.add(folder);
  return { rows, all };
}

/** Sub-folders of `dir` (relative to the repository, ending in `/`) down to `depth` levels. */
function foldersOf(dir: string, depth: number): string[] {
  if (depth === 0 || !existsSync(join(ROOT, dir))) return [];
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || MADE.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
    const path = `${dir}${entry.name}/`;
    out.push(path, ...foldersOf(path, depth - 1));
  }
  return out;
}

/** Folders the document must name: the repository's own, and those of apps/*\/src two levels down. */
function foldersToName(): string[] {
  return [
    ...foldersOf('', 1).filter((f) => f !== 'apps/' && f !== 'packages/'),
    ...foldersOf('packages/', 1),
    ...foldersOf('bench/', 1),
    ...foldersOf('e2e/', 1),
    ...['apps/server/', 'apps/web/'].flatMap((app) => [...foldersOf(app, 1).filter((f) => !f.endsWith('/src/')), ...foldersOf(`${app}src/`, 2)]),
  ].sort();
}

/** Paths a part of the document names that do not exist, each tried from the folders given, in order. */
export function missingPaths(text: string, bases: string[], exists: (path: string) => boolean): string[] {
  const missing: string[] = [];
  for (const paragraph of text.split(/\n(?=- |\d+\. |\*\*)/)) {
    const tokens = ticked(paragraph).filter(isPath);
    const home = tokens.map((t) => (isFolder(t) ? t : t.includes('/') ? parent(t) : null)).find((t) => t !== null && bases.some((b) => exists(b + t)));
    const tries = home ? [...bases.map((b) => b + home), ...bases] : bases;
    for (const token of tokens) if (!tries.some((base) => exists(base + token))) missing.push(token);
  }
  return missing;
}

const inRepo = (path: string) => existsSync(join(ROOT, path));

describe('docs/ARCHITECTURE.md', () => {
  const folders = section(DOC, '## Folders, one line each');
  const tables = [
    namedFolders(section(folders, '### Repository'), '', inRepo),
    namedFolders(section(folders, '### Server (`apps/server/`)'), 'apps/server/', inRepo),
    namedFolders(section(folders, '### Web (`apps/web/`)'), 'apps/web/', inRepo),
  ];
  const named = new Set(tables.flatMap((t) => [...t.all]));
  /** A folder whose every part has its row (`src/components/`, through `src/components/ui/` and the rest) counts as named. */
  const isNamed = (folder: string) => named.has(folder) || [...named].some((n) => n.startsWith(folder));

  it('reads the folders a table names, siblings and sub-folders included', () => {
    const table = [
      '| folder | role |',
      '|---|---|',
      '| `src/db/` | the database: `migrations/`, `createDb`, and queries the other `lib/` builds |',
      '| `src/features/auth/`, `profile/` | pages |',
      '| `src/modules/<module>/` | one domain each |',
    ].join('\n');
    const exists = (path: string) => !path.endsWith('/lib/');
    const { rows, all } = namedFolders(table, 'apps/web/', exists);
    expect([...rows].sort()).toEqual(['apps/web/src/db/', 'apps/web/src/features/auth/', 'apps/web/src/features/profile/', 'apps/web/src/modules/']);
    expect([...all].sort()).toEqual(['apps/web/src/db/', 'apps/web/src/db/migrations/', 'apps/web/src/features/auth/', 'apps/web/src/features/profile/', 'apps/web/src/modules/']);
  });

  it('names every folder of the repository, bench/, e2e/ and apps/*/src two levels down', () => {
    const unnamed = foldersToName().filter((f) => !isNamed(f));
    expect(unnamed).toEqual([]);
  });

  it('names no folder that is gone', () => {
    expect(tables.flatMap((t) => [...t.rows]).filter((f) => !inRepo(f))).toEqual([]);
  });

  it('would report a file that does not exist', () => {
    const text = '- **Server**: a folder `apps/server/src/modules/practice/` with `practice.routes.ts` and `practice.gone.ts`.';
    expect(missingPaths(text, [''], inRepo)).toEqual(['practice.gone.ts']);
  });

  it('names, where a new feature goes, files that exist', () => {
    const bases = ['', 'apps/server/src/', 'apps/web/src/', 'apps/server/', 'apps/web/'];
    expect(missingPaths(section(DOC, "## Where a new feature's files go"), bases, inRepo)).toEqual([]);
  });

  it('walks the three paths through files that exist', () => {
    const paths = section(DOC, '## Three paths, file by file');
    expect(paths).toMatch(/An answer save/);
    expect(paths).toMatch(/A paid join/);
    expect(paths).toMatch(/A GIFT import/);
    expect(missingPaths(paths, [''], inRepo)).toEqual([]);
  });
});
