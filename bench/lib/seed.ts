import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeededCandidate } from '../seed/lib.js';
import type { BenchContext } from './scenario.js';
import { baseEnv, HarnessError } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * Runs bench/seed/<script>.ts as its own process on the server's source (through tsx, as
 * `questions:import` runs), with the running server's environment: its database and data folder.
 * BENCH_SEED_NODE_ARGS adds node flags (e.g. `--cpu-prof --cpu-prof-dir=.bench/prof-seed`).
 * Answers the wall time; fails the run when the script exits non-zero.
 */
export async function runSeedScript(ctx: BenchContext, script: string, args: string[]): Promise<number> {
  const started = performance.now();
  const nodeArgs = process.env.BENCH_SEED_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--conditions=source', '--import', 'tsx', join('bench/seed', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...baseEnv(), ...ctx.serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  const code = await new Promise<number | string>((done, fail) => {
    child.once('error', fail);
    child.once('close', (c, signal) => done(c ?? signal ?? 'unknown'));
  });
  if (code !== 0) throw new HarnessError(`bench/seed/${script}.ts exited with ${code}:\n${output.slice(-3000)}`);
  return performance.now() - started;
}

/**
 * Candidate accounts `bench-<prefix>-<n>@abhyas.test`, each signed in (a bearer token), created by the
 * server's users and token services in a seeding process (bench/seed/candidates.ts). Answers them and
 * the time it took, process start-up included.
 */
export async function seedCandidates(ctx: BenchContext, prefix: string, count: number): Promise<{ candidates: SeededCandidate[]; wallMs: number }> {
  const out = join(ctx.workDir, `candidates-${prefix}.json`);
  const wallMs = await runSeedScript(ctx, 'candidates', ['--prefix', prefix, '--count', String(count), '--out', out]);
  const { candidates } = JSON.parse(await readFile(out, 'utf8')) as { candidates: SeededCandidate[] };
  if (candidates.length !== count) throw new HarnessError(`seeded ${candidates.length} candidates, expected ${count}`);
  return { candidates, wallMs };
}
