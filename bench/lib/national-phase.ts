/**
 * One phase of `national-mock`: its candidates sit the paper on the given server processes, played by
 * `national-driver.ts` in a process of its own, while the harness samples the costs once a second
 * (`national-costs.ts`) and, when told to, terminates the database's backends and kills a server
 * process part-way through. Answers the samples with the driver's progress beside each, the times of
 * the faults and the driver's report.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { CostSampler, Sample } from './national-costs.js';
import type { DriverPlan, DriverReport, Progress } from './national-driver.js';
import { baseEnv, HarnessError, logTail, type ServerProcess } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

export type Faults = {
  /** Share of the phase's saves after which every backend of the database is terminated. */
  terminateAt: number;
  /** Share of the phase's saves after which the last server process is killed (SIGKILL). */
  killAt: number;
  /** The database, on `url` (the maintenance database's URL, not the measured one). */
  pg: { url: string; database: string };
};

export type Tick = { sample: Sample; progress: Progress };

export type PhaseRun = {
  ticks: Tick[];
  report: DriverReport;
  fromMs: number;
  toMs: number;
  terminated: { at: number; backends: number } | null;
  killed: { at: number; pid: number } | null;
  loadAverage: { from: number[]; to: number[] };
  peakRssKb: (number | null)[];
};

async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return r.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

export async function runPhase(
  p: { name: string; workDir: string; servers: ServerProcess[]; plan: Omit<DriverPlan, 'servers'>; sampler: CostSampler; faults?: Faults; log: (m: string) => void },
): Promise<PhaseRun> {
  const planFile = join(p.workDir, `national-${p.name}-plan.json`);
  const reportFile = join(p.workDir, `national-${p.name}-report.json`);
  await writeFile(planFile, JSON.stringify({ ...p.plan, servers: p.servers.map((s) => s.baseUrl) } satisfies DriverPlan));
  const pids: (number | null)[] = p.servers.map((s) => s.pid);
  const expectedSaves = p.plan.candidates.length * (p.plan.questions + p.plan.revisits);
  const zero: Progress = { at: Date.now(), started: 0, saves: 0, submitted: 0, results: 0, savesByServer: p.servers.map(() => 0), retries: 0, errors: 0 };
  const ticks: Tick[] = [{ sample: await p.sampler.sample(pids), progress: zero }];
  const peakRssKb: (number | null)[] = ticks[0]!.sample.rssKb.slice();
  const out: PhaseRun = { ticks, report: undefined as unknown as DriverReport, fromMs: Date.now(), toMs: 0, terminated: null, killed: null, loadAverage: { from: loadavg(), to: [] }, peakRssKb };

  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/national-driver.ts', planFile, reportFile], { cwd: ROOT, env: baseEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-5000)));
  // The candidates stop with the harness, however it ends.
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  const exited = new Promise<number | string>((done) => child.once('close', (c, s) => done(c ?? s ?? 'unknown'))).finally(() => process.off('exit', stop));
  // A server that ends without the harness killing it (a crash, or a signal from elsewhere) ends the phase.
  let lost: string | null = null;
  for (const server of p.servers) {
    void server.exited.then((code) => {
      if (out.killed?.pid === server.pid || out.toMs) return;
      lost = `${server.name} (pid ${server.pid}) exited with ${code} during the phase, not killed by the harness`;
      child.kill('SIGKILL');
    });
  }
  let terminating = false;
  let lastLog = Date.now();
  const faults: Promise<void>[] = [];
  // One sample at a time, in the order the progress lines come.
  let sampling = Promise.resolve();
  for await (const line of createInterface({ input: child.stdout })) {
    if (!line.startsWith('{"progress"')) continue;
    const progress = (JSON.parse(line) as { progress: Progress }).progress;
    sampling = sampling.then(async () => {
      const sample = await p.sampler.sample(pids);
      sample.rssKb.forEach((kb, i) => (peakRssKb[i] = kb === null ? peakRssKb[i]! : Math.max(peakRssKb[i] ?? 0, kb)));
      ticks.push({ sample, progress });
    });
    const share = progress.saves / expectedSaves;
    if (p.faults && !terminating && share >= p.faults.terminateAt) {
      terminating = true;
      const { url, database } = p.faults.pg;
      faults.push(
        terminateBackends(url, database).then((backends) => {
          out.terminated = { at: Date.now(), backends };
          p.log(`${p.name}: terminated ${backends} PostgreSQL backends of ${database} at ${progress.saves.toLocaleString('en-US')} saves`);
        }),
      );
    }
    if (p.faults && !out.killed && share >= p.faults.killAt && p.servers.length > 1) {
      const victim = p.servers[p.servers.length - 1]!;
      victim.child.kill('SIGKILL');
      pids[pids.length - 1] = null;
      out.killed = { at: Date.now(), pid: victim.pid };
      p.log(`${p.name}: killed ${victim.name} (pid ${victim.pid}, SIGKILL) at ${progress.saves.toLocaleString('en-US')} saves; its candidates move to the other process`);
    }
    if (Date.now() - lastLog >= 15_000) {
      lastLog = Date.now();
      p.log(`${p.name}: ${progress.started} started, ${progress.saves.toLocaleString('en-US')} saves, ${progress.submitted} submitted, ${progress.results} results read, ${progress.retries} retried, ${progress.errors} errors; load ${loadavg()[0]!.toFixed(2)}`);
    }
  }
  const code = await exited;
  await sampling;
  await Promise.all(faults);
  out.toMs = Date.now();
  out.loadAverage.to = loadavg();
  if (lost) throw new HarnessError(`${lost}. Last log lines:\n${logTail(p.servers.find((s) => lost!.startsWith(s.name))!.logFile, 5)}`);
  if (code !== 0) throw new HarnessError(`the candidates' process (bench/lib/national-driver.ts) exited with ${code}:\n${stderr}`);
  out.report = JSON.parse(await readFile(reportFile, 'utf8')) as DriverReport;
  return out;
}
