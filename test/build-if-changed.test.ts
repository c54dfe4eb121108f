import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, inputFiles, WORKSPACES } from '../scripts/build-if-changed.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CONTRACTS = '@abhyas/contracts';
const SERVER = '@abhyas/server';
const WEB = '@abhyas/web';

// A tree laid out as the project's, a few files per workspace, built by a stand-in that writes dist.
const TREE: Record<string, string> = {
  'tsconfig.base.json': '{}',
  'package-lock.json': '{}',
  'packages/contracts/package.json': '{}',
  'packages/contracts/tsconfig.json': '{}',
  'packages/contracts/tsconfig.build.json': '{}',
  'packages/contracts/src/index.ts': 'export const a = 1;',
  'packages/contracts/src/index.test.ts': 'test',
  'apps/server/package.json': '{}',
  'apps/server/tsconfig.json': '{}',
  'apps/server/tsconfig.build.json': '{}',
  'apps/server/scripts/copy-assets.mjs': '',
  'apps/server/src/main.ts': 'listen();',
  'apps/server/src/main.test.ts': 'test',
  'apps/server/test/helpers.ts': 'helper',
  'apps/web/package.json': '{}',
  'apps/web/tsconfig.json': '{}',
  'apps/web/vite.config.ts': '',
  'apps/web/index.html': '<div id="root"></div>',
  'apps/web/public/robots.txt': '',
  'apps/web/src/main.tsx': 'render();',
  'apps/web/src/app.test.tsx': 'test',
};

let root: string;
let builds: string[];
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const build = (env: NodeJS.ProcessEnv = {}) => {
  builds = [];
  return buildIfChanged({
    root,
    env,
    log: () => {},
    build: (_root: string, workspace: { name: string; dir: string }) => {
      builds.push(workspace.name);
      write(`${workspace.dir}/dist/out.js`, 'built');
    },
  });
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'abhyas-build-'));
  for (const [path, text] of Object.entries(TREE)) write(path, text);
  build();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('builds every workspace of a fresh tree, the contracts first', () => {
    rmSync(root, { recursive: true, force: true });
    root = mkdtempSync(join(tmpdir(), 'abhyas-build-'));
    for (const [path, text] of Object.entries(TREE)) write(path, text);
    expect(build()).toEqual([CONTRACTS, SERVER, WEB]);
  });

  it('builds nothing when nothing changed', () => {
    expect(build()).toEqual([]);
    expect(builds).toEqual([]);
  });

  it('builds only the server after a change in its sources', () => {
    write('apps/server/src/main.ts', 'listen(3000);');
    expect(build()).toEqual([SERVER]);
    expect(build()).toEqual([]);
  });

  it('builds the server for a new source file, and for a change in its build configuration', () => {
    write('apps/server/src/modules/new.ts', 'export {};');
    expect(build()).toEqual([SERVER]);
    write('apps/server/tsconfig.build.json', '{"compilerOptions":{}}');
    expect(build()).toEqual([SERVER]);
  });

  it('builds nothing after a change in test files only', () => {
    write('apps/server/src/main.test.ts', 'test 2');
    write('apps/server/test/helpers.ts', 'helper 2');
    write('apps/web/src/app.test.tsx', 'test 2');
    write('packages/contracts/src/index.test.ts', 'test 2');
    expect(build()).toEqual([]);
  });

  it('builds the contracts and both apps built against them after a change in the contracts', () => {
    write('packages/contracts/src/index.ts', 'export const a = 2;');
    expect(build()).toEqual([CONTRACTS, SERVER, WEB]);
  });

  it('builds every workspace after a change in the lockfile or the shared TypeScript configuration', () => {
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(build()).toEqual([CONTRACTS, SERVER, WEB]);
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect(build()).toEqual([CONTRACTS, SERVER, WEB]);
  });

  it('builds the web app again when a VITE_ variable its build reads changes', () => {
    expect(build({ VITE_API_ORIGIN: 'https://api.example' })).toEqual([WEB]);
    expect(build({ VITE_API_ORIGIN: 'https://api.example', OTHER: 'x' })).toEqual([]);
  });

  it('builds a workspace whose dist was deleted, and only it', () => {
    rmSync(join(root, 'apps/web/dist'), { recursive: true });
    expect(build()).toEqual([WEB]);
    rmSync(join(root, 'packages/contracts/dist'), { recursive: true });
    expect(build()).toEqual([CONTRACTS]);
  });

  it('builds every workspace when forced', () => {
    builds = [];
    expect(buildIfChanged({ root, env: {}, force: true, log: () => {}, build: (_r: string, w: { name: string }) => builds.push(w.name) })).toEqual([CONTRACTS, SERVER, WEB]);
  });

  it('runs the workspace build with npm, and after a failed build keeps no stamp, so the next run builds it again', () => {
    write('apps/server/package.json', JSON.stringify({ scripts: { build: 'node -e "process.exit(3)"' } }));
    expect(() => buildIfChanged({ root, env: process.env, log: () => {} })).toThrow(`${SERVER}: build failed (exit 3)`);
    write('apps/server/package.json', JSON.stringify({ scripts: { build: 'node -e "1"' } }));
    expect(buildIfChanged({ root, env: process.env, log: () => {} })).toEqual([SERVER]);
  });
});

describe("the project's build inputs", () => {
  const files = (name: string) => inputFiles(ROOT, WORKSPACES.find((w: { name: string }) => w.name === name));

  it('are each workspace sources and build files, the shared configuration and the lockfile, without test files', () => {
    expect(files(CONTRACTS)).toEqual(expect.arrayContaining(['packages/contracts/src/index.ts', 'packages/contracts/tsconfig.build.json', 'tsconfig.base.json', 'package-lock.json']));
    expect(files(SERVER)).toEqual(
      expect.arrayContaining(['apps/server/src/main.ts', 'apps/server/scripts/copy-assets.mjs', 'apps/server/tsconfig.build.json', 'apps/server/package.json']),
    );
    expect(files(WEB)).toEqual(expect.arrayContaining(['apps/web/index.html', 'apps/web/src/main.tsx', 'apps/web/vite.config.ts', 'apps/web/scripts/precompress.mjs', 'apps/web/scripts/offline-shell.ts']));
    for (const name of [CONTRACTS, SERVER, WEB]) expect(files(name).filter((f: string) => f.includes('.test.'))).toEqual([]);
  });
});
