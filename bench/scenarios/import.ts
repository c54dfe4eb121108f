import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateQuestions, toCsv, toGift } from '../lib/question-gen.js';
import { maxValue, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { baseEnv, HarnessError, readMem } from '../lib/server.js';

/**
 * Times `questions:import` (apps/server/src/cli/import-questions.ts) on a generated 10,000-question GIFT
 * file and a 10,000-row CSV, each into a fresh database that the command creates and migrates. It needs
 * neither the running server nor a baseline. Per file: wall time from spawn to exit, the command's own
 * `timings.parseMs` / `timings.commitMs` (--json), and peak RSS (VmRSS and VmHWM polled every 50 ms,
 * plus ru_maxrss written at exit by lib/exit-peak.ts). Start-up is measured apart by running the command
 * with --help, which loads the same module graph through tsx and exits before reading any file.
 */

const COUNT = 10_000;
const MAX_SECONDS = 3;
const MAX_RSS_MB = 300;
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const COMMAND = 'apps/server/src/cli/import-questions.ts';
const EXIT_PEAK = pathToFileURL(join(ROOT, 'bench/lib/exit-peak.ts')).href;
/** Extra node flags for the import command, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof-imp". */
const EXTRA_NODE_ARGS = process.env.BENCH_IMPORT_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];

type ImportJson = {
  format: string;
  imported: number;
  duplicates: number;
  skipped: unknown[];
  errors: unknown[];
  byType: Record<string, number>;
  timings: { parseMs: number; commitMs: number };
};

type Timed = { code: number | string; stdout: string; stderr: string; wallMs: number; peakRssMb: number | null };

/** Runs the command once on a fresh data folder, tracking wall time and peak RSS. */
async function runCommand(workDir: string, args: string[]): Promise<Timed> {
  const dataDir = await mkdtemp(join(workDir, 'db-'));
  const peakFile = join(dataDir, 'peak-rss-kb');
  const env = {
    ...baseEnv(),
    DATABASE_URL: `file:${join(dataDir, 'app.db')}`,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-import-secret-0123456789abcdefghijk',
    BENCH_PEAK_FILE: peakFile,
  };
  const nodeArgs = ['--conditions=source', '--import', 'tsx', '--import', EXIT_PEAK, ...EXTRA_NODE_ARGS, COMMAND, ...args];
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) throw new HarnessError(`could not spawn ${COMMAND}`);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));

  let peakKb = 0;
  const sample = async () => {
    const mem = await readMem(pid);
    if (mem) peakKb = Math.max(peakKb, mem.rssKb, mem.hwmKb);
  };
  const timer = setInterval(() => void sample(), 50);
  void sample();
  const code = await new Promise<number | string>((done, fail) => {
    child.once('error', fail);
    child.once('close', (c, signal) => done(c ?? signal ?? 'unknown'));
  });
  const wallMs = performance.now() - started;
  clearInterval(timer);
  const atExit = Number(await readFile(peakFile, 'utf8').catch(() => 'NaN'));
  if (Number.isFinite(atExit)) peakKb = Math.max(peakKb, atExit);
  return { code, stdout, stderr, wallMs, peakRssMb: peakKb > 0 ? peakKb / 1024 : null };
}

function parseReport(run: Timed, label: string): ImportJson {
  if (run.code !== 0) throw new HarnessError(`${label}: the import exited with ${run.code}\n${run.stderr.slice(-2000)}${run.stdout.slice(-2000)}`);
  try {
    return JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as ImportJson;
  } catch {
    throw new HarnessError(`${label}: the import printed no JSON report:\n${run.stdout.slice(0, 2000)}`);
  }
}

type FormatResult = { format: 'gift' | 'csv'; file: string; bytes: number; runs: { report: ImportJson; wallMs: number; peakRssMb: number | null }[] };

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const worst = (xs: (number | null)[]) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? Math.max(...known) : null;
};
const ms = (v: number) => Math.round(v).toLocaleString('en-US');
const sec = (v: number) => (v / 1000).toFixed(2);
const mb = (v: number | null) => (v === null ? '–' : v.toFixed(1));

const importScenario: Scenario = {
  name: 'import',
  title: `questions:import of a generated ${COUNT.toLocaleString('en-US')}-question GIFT file and ${COUNT.toLocaleString('en-US')}-row CSV, fresh database each`,
  async run(ctx) {
    const dir = join(ctx.workDir, 'import');
    await mkdir(dir, { recursive: true });
    const genStarted = performance.now();
    const questions = generateQuestions(COUNT);
    const files = { gift: join(dir, 'questions.gift'), csv: join(dir, 'questions.csv') };
    await writeFile(files.gift, toGift(questions));
    await writeFile(files.csv, toCsv(questions));
    ctx.log(`generated ${COUNT} questions into ${dir} in ${ms(performance.now() - genStarted)} ms`);

    // Start-up: node + tsx + the command's module graph, no file read, no database.
    const startups: Timed[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await runCommand(dir, ['--help']);
      if (run.code !== 0) throw new HarnessError(`${COMMAND} --help exited with ${run.code}: ${run.stderr.slice(-2000)}`);
      startups.push(run);
    }
    const startupMs = median(startups.map((r) => r.wallMs));
    ctx.log(`start-up (--help, median of 3): ${ms(startupMs)} ms`);

    // Fixed cost inside commitMs: creating and migrating the fresh database (a one-question import).
    const tiny = join(dir, 'one.gift');
    await writeFile(tiny, toGift(questions.slice(0, 1)));
    const one = parseReport(await runCommand(dir, [tiny, '--format', 'gift', '--json']), 'one-question import');

    const results: FormatResult[] = [];
    for (const format of ['gift', 'csv'] as const) {
      const file = files[format];
      const result: FormatResult = { format, file, bytes: (await readFile(file)).length, runs: [] };
      for (let round = 1; round <= ctx.settings.rounds; round++) {
        ctx.log(`round ${round}/${ctx.settings.rounds}: importing ${format}`);
        const run = await runCommand(dir, [file, '--format', format, '--json']);
        const report = parseReport(run, format);
        if (report.imported !== COUNT || report.errors.length !== 0 || report.duplicates !== 0 || report.skipped.length !== 0) {
          throw new HarnessError(
            `${format}: imported ${report.imported} of ${COUNT}, ${report.duplicates} duplicates, ${report.skipped.length} skipped, ${report.errors.length} errors: ${JSON.stringify(report.errors.slice(0, 3))}`,
          );
        }
        result.runs.push({ report, wallMs: run.wallMs, peakRssMb: run.peakRssMb });
      }
      results.push(result);
    }

    const columns = ['', 'questions', 'file MB', 'parse ms', 'commit ms', 'parse+commit s', 'wall s', 'outside s', 'peak RSS MB'];
    const cells: string[][] = [];
    const rows: Row[] = [];
    const targets: TargetCheck[] = [];
    for (const r of results) {
      const parse = mean(r.runs.map((x) => x.report.timings.parseMs));
      const commit = mean(r.runs.map((x) => x.report.timings.commitMs));
      const wall = mean(r.runs.map((x) => x.wallMs));
      const peak = worst(r.runs.map((x) => x.peakRssMb));
      cells.push([r.format, COUNT.toLocaleString('en-US'), (r.bytes / 1048576).toFixed(1), ms(parse), ms(commit), sec(parse + commit), sec(wall), sec(wall - parse - commit), mb(peak)]);
      rows.push({ label: r.format, reqPerSec: null, p50Ms: null, p99Ms: null, peakRssMb: peak, ratio: null, note: `parse ${ms(parse)} ms, commit ${ms(commit)} ms, wall ${sec(wall)} s` });
      targets.push(maxValue(`${r.format} parse + commit (start-up excluded)`, (parse + commit) / 1000, MAX_SECONDS, 's'));
      targets.push(maxValue(`${r.format} peak RSS`, peak, MAX_RSS_MB, 'MB'));
    }
    const startupPeak = worst(startups.map((r) => r.peakRssMb));
    cells.push(['start-up (--help)', '–', '–', '–', '–', '–', sec(startupMs), sec(startupMs), mb(startupPeak)]);

    return {
      rows,
      table: { columns, rows: cells },
      targets,
      notes: [
        `the ${MAX_SECONDS} s target is judged on parse + commit as the command reports them; "wall s" adds node + tsx start-up, module loading, reading the file, printing and exit ("outside s" = wall − parse − commit; --help alone takes ${sec(startupMs)} s)`,
        `commit includes opening, creating and migrating the fresh database: a one-question import's commit took ${ms(one.timings.commitMs)} ms`,
        `peak RSS is the child's: VmRSS/VmHWM polled every 50 ms plus ru_maxrss at exit; ${ctx.settings.rounds} round(s) per format (mean times, worst RSS); the idle Abhyas server the harness starts keeps running meanwhile`,
        `mix per file: ${Object.entries(results[0]?.runs[0]?.report.byType ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}; files in ${dir}${process.env.BENCH_KEEP === '1' ? '' : ' (removed at the end; BENCH_KEEP=1 keeps them)'}`,
      ],
      raw: {
        startup: { medianWallMs: startupMs, runs: startups.map((r) => ({ wallMs: r.wallMs, peakRssMb: r.peakRssMb })) },
        oneQuestionCommitMs: one.timings.commitMs,
        formats: results.map((r) => ({ format: r.format, bytes: r.bytes, runs: r.runs.map((x) => ({ wallMs: x.wallMs, peakRssMb: x.peakRssMb, timings: x.report.timings, byType: x.report.byType })) })),
      },
    };
  },
};

export default importScenario;
