// Builds each workspace whose build inputs changed since its last build, in dependency order, and
// nothing else. A workspace's inputs are its sources (test files aside), its build configuration and
// scripts, its package.json, the shared TypeScript configuration and the lockfile, the environment
// variables its build reads, and the inputs of the workspaces it is built against. Their hash is kept
// in the workspace's dist/.build-inputs once its build succeeds, so a deleted or half-built dist is
// built again.
//
//   node scripts/build-if-changed.mjs            build what changed
//   node scripts/build-if-changed.mjs --force    build every workspace
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];
const STAMP = join('dist', '.build-inputs');
const isTestFile = (path) => /\.test\.[cm]?[jt]sx?$/.test(path);

export const WORKSPACES = [
  {
    name: '@abhyas/contracts',
    dir: 'packages/contracts',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    builtAgainst: [],
  },
  {
    // The server's tsc checks it against the contracts' sources; at run time it loads their dist.
    name: '@abhyas/server',
    dir: 'apps/server',
    inputs: ['src', 'scripts/copy-assets.mjs', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    builtAgainst: ['@abhyas/contracts'],
  },
  {
    // Vite bundles the contracts' sources (the `source` condition) and reads .env files and VITE_* variables;
    // offline-shell.ts chooses the files the service worker keeps.
    name: '@abhyas/web',
    dir: 'apps/web',
    inputs: ['src', 'public', 'index.html', 'scripts/precompress.mjs', 'scripts/offline-shell.ts', 'vite.config.ts', 'package.json', 'tsconfig.json', '.env', '.env.local', '.env.production', '.env.production.local'],
    env: 'VITE_',
    builtAgainst: ['@abhyas/contracts'],
  },
];

/** The files a workspace's build reads, relative to the root, in a stable order. */
export function inputFiles(root, workspace) {
  const files = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } else if (!isTestFile(path)) {
      files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const input of workspace.inputs) visit(join(root, workspace.dir, input));
  for (const input of SHARED_INPUTS) visit(join(root, input));
  return files;
}

function hashInputs(root, workspace, env, hashOf) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, workspace)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  if (workspace.env) {
    for (const key of Object.keys(env).filter((k) => k.startsWith(workspace.env)).sort()) hash.update(`${key}=${env[key]}\0`);
  }
  for (const name of workspace.builtAgainst) hash.update(`${name}:${hashOf.get(name)}\0`);
  return hash.digest('hex');
}

function readStamp(root, workspace) {
  try {
    return readFileSync(join(root, workspace.dir, STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function runBuild(root, workspace, env) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: join(root, workspace.dir), stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${workspace.name}: build failed (exit ${result.status ?? result.signal})`);
}

/**
 * Builds the workspaces whose inputs differ from their stamp (all with `force`) and answers their
 * names. `build` runs one workspace's build; it defaults to `npm run build` in its folder.
 */
export function buildIfChanged({ root = ROOT, workspaces = WORKSPACES, force = false, env = process.env, build = runBuild, log = console.log } = {}) {
  const hashOf = new Map();
  const built = [];
  for (const workspace of workspaces) {
    const hash = hashInputs(root, workspace, env, hashOf);
    hashOf.set(workspace.name, hash);
    if (!force && readStamp(root, workspace) === hash) continue;
    log(`== building ${workspace.name}`);
    rmSync(join(root, workspace.dir, STAMP), { force: true });
    build(root, workspace, env);
    mkdirSync(join(root, workspace.dir, 'dist'), { recursive: true });
    writeFileSync(join(root, workspace.dir, STAMP), `${hash}\n`);
    built.push(workspace.name);
  }
  if (built.length === 0) log('== build: every workspace is up to date');
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfChanged({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
