/**
 * `npm run bench`: starts the built server on a fresh seeded database, runs every scenario in
 * bench/scenarios (or those named in BENCH_ONLY), prints a table per scenario with PASS/MISS per
 * target and writes .bench/results.json. Exits non-zero only when the harness itself fails
 * (a process does not start, a run sees errors or non-2xx answers); a missed target is reported, not fatal.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_ROUNDS (default 1),
 * BENCH_ONLY (comma-separated scenario names), BENCH_KEEP=1 (keep the temp folder),
 * BENCH_SERVER_NODE_ARGS (extra node flags for the Abhyas server, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof"),
 * BENCH_BASELINE_NODE_ARGS (the same for the baselines).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { formatFailure, formatScenario } from './lib/report.js';
import { isScenario, type BenchContext, type Scenario, type ScenarioReport, type Settings } from './lib/scenario.js';
import { HarnessError, readMem, signIn, startServer, stopAll, stopServer, type ServerProcess } from './lib/server.js';
import { transpileScript } from './lib/transpile.js';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '..');
const OUT_DIR = join(ROOT, '.bench');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
/** The run's temp folder, removed on exit or interruption unless BENCH_KEEP=1. */
let workDir: string | undefined;

async function removeWorkDir(): Promise<void> {
  if (!workDir) return;
  if (process.env.BENCH_KEEP === '1') console.log(`\n  kept ${workDir}`);
  else await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
}

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new HarnessError(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return n;
}

function readSettings(): Settings {
  return {
    connections: 50,
    durationS: numberFromEnv('BENCH_DURATION', 10, 1),
    warmupS: numberFromEnv('BENCH_WARMUP', 2, 0),
    rounds: Math.floor(numberFromEnv('BENCH_ROUNDS', 1, 1)),
  };
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = join(BENCH_DIR, 'scenarios');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: unknown };
    if (!isScenario(mod.default)) throw new HarnessError(`bench/scenarios/${file} must export default { name, title, run }`);
    scenarios.push(mod.default);
  }
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!only?.length) return scenarios;
  const unknown = only.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new HarnessError(`BENCH_ONLY names unknown scenarios: ${unknown.join(', ')}`);
  return scenarios.filter((s) => only.includes(s.name));
}

function makeContext(settings: Settings, server: ServerProcess, serverEnv: Record<string, string>, workDir: string, dbFile: string): BenchContext {
  const log = (message: string) => console.log(`  … ${message}`);
  return {
    settings,
    server,
    serverEnv,
    workDir,
    log,
    login: (email, password) => signIn(server.baseUrl, email, password),
    async snapshotDb(name) {
      await mkdir(join(workDir, 'snapshots'), { recursive: true });
      const dest = join(workDir, 'snapshots', `${name}.db`);
      const source = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        await source.backup(dest);
      } finally {
        source.close();
      }
      return dest;
    },
    async startBaseline(file, env) {
      const script = await transpileScript(join(BENCH_DIR, 'baselines', file), join(OUT_DIR, 'build'));
      const name = file.replace(/\.ts$/, '');
      log(`starting baseline ${name}`);
      const nodeArgs = process.env.BENCH_BASELINE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
      return startServer({ name, script, cwd: ROOT, env, nodeArgs, readyPath: '/health', logFile: join(OUT_DIR, 'logs', `${name}.log`) });
    },
  };
}

const loadText = () => loadavg().map((l) => l.toFixed(2)).join(' ');

type Outcome = { name: string; title: string } & ({ ok: true; report: ScenarioReport } | { ok: false; error: string });

async function main(): Promise<number> {
  const settings = readSettings();
  const started = new Date();
  const loadAtStart = loadavg();
  const cpu = cpus();
  console.log('Abhyas benchmark');
  console.log(`  date      ${started.toISOString()}`);
  console.log(`  node      ${process.version} (${process.platform} ${release()})`);
  console.log(`  cpus      ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown'}, load average ${loadText()} (other work on the machine skews absolute numbers; the ratio less so)`);
  console.log(`  load      ${settings.connections} connections (unless a scenario says otherwise), ${settings.warmupS} s warm-up (discarded) + ${settings.durationS} s measured, ${settings.rounds} round(s)`);
  console.log('  note      autocannon runs in this process and shares the CPUs with the server under test; the same holds for the baseline.');
  console.log('            Baseline and server are loaded one after the other, never at the same time. Latency resolution is 1 ms.');

  if (!existsSync(SERVER_ENTRY)) throw new HarnessError(`${SERVER_ENTRY} is missing: build the server first (npm run build)`);
  const scenarios = await loadScenarios();
  await mkdir(join(OUT_DIR, 'logs'), { recursive: true });
  const dir = await mkdtemp(join(tmpdir(), 'abhyas-bench-'));
  workDir = dir;
  const dataDir = join(dir, 'data');
  const dbFile = join(dataDir, 'app.db');

  const outcomes: Outcome[] = [];
  let appVersion = 'unknown';
  let startRssMb: number | null = null;
  try {
    const serverEnv = {
      DATABASE_URL: `file:${dbFile}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      // Every load comes from one address; the tracking scenario counts what was stored against what was answered.
      TRACKING_RATE_LIMIT_PER_MINUTE: '1000000000',
      // A bench candidate saves far faster than a person can click; the limit is still counted on every save.
      EXAM_SAVES_PER_MINUTE: '1000000000',
    };
    const server = await startServer({
      name: 'abhyas',
      script: SERVER_ENTRY,
      cwd: ROOT,
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
      env: serverEnv,
      readyPath: '/api/health',
      logFile: join(OUT_DIR, 'logs', 'abhyas.log'),
    });
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { version?: string };
    appVersion = health.version ?? appVersion;
    const mem = await readMem(server.pid);
    startRssMb = mem ? mem.rssKb / 1024 : null;
    console.log(`  server    Abhyas ${appVersion}, pid ${server.pid}, ${server.baseUrl}, RSS after start ${startRssMb?.toFixed(1) ?? '–'} MB, log .bench/logs/abhyas.log`);

    const ctx = makeContext(settings, server, serverEnv, dir, dbFile);
    for (const scenario of scenarios) {
      console.log(`\n▶ ${scenario.name}`);
      try {
        const report = await scenario.run(ctx);
        outcomes.push({ name: scenario.name, title: scenario.title, ok: true, report });
        console.log(formatScenario(scenario.name, scenario.title, report));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        outcomes.push({ name: scenario.name, title: scenario.title, ok: false, error });
        console.log(formatFailure(scenario.name, scenario.title, error));
      }
    }
    const code = await stopServer(server);
    if (code !== 0) console.log(`\n  warning: the server exited with ${code} on SIGTERM`);
  } finally {
    await stopAll();
    await removeWorkDir();
  }

  const targets = outcomes.flatMap((o) => (o.ok ? o.report.targets : []));
  const failed = outcomes.filter((o) => !o.ok).length;
  const results = {
    date: started.toISOString(),
    node: process.version,
    platform: `${process.platform} ${release()}`,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? null,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg(),
    appVersion,
    settings,
    serverRssAfterStartMb: startRssMb,
    scenarios: outcomes,
  };
  await writeFile(join(OUT_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const passed = targets.filter((t) => t.pass).length;
  console.log(`\nSummary: ${outcomes.length} scenario(s), ${passed} target(s) PASS, ${targets.length - passed} MISS, ${failed} failed run(s); load average now ${loadText()}. Results in .bench/results.json`);
  return failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the processes the bench started`);
    void stopAll()
      .then(removeWorkDir)
      .finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(`\nbench failed: ${err instanceof HarnessError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await stopAll();
    process.exit(1);
  },
);
