import { runLoad, type LoadResult, type LoadSettings, type LoadSpec } from './load.js';
import { RssMonitor, stopServer, type ServerProcess } from './server.js';

export type Settings = LoadSettings & { rounds: number };

/** What a scenario gets from the orchestrator. */
export type BenchContext = {
  settings: Settings;
  /** The Abhyas server under test: one process for the whole run, on a fresh seeded database. */
  server: ServerProcess;
  /** The server's environment (its database and data folder): what a script running the server's own code needs. */
  serverEnv: Readonly<Record<string, string>>;
  /** A fresh temporary folder for this run (removed afterwards unless BENCH_KEEP=1). */
  workDir: string;
  /** Signs in through the real API. */
  login(email: string, password: string): Promise<{ token: string; userId: string }>;
  /** A consistent copy of the server's database (SQLite online backup) for a baseline to read. */
  snapshotDb(name: string): Promise<string>;
  /** Starts bench/baselines/<file> as its own process (PORT and HOST are set; it must answer GET /health). */
  startBaseline(file: string, env: Record<string, string>): Promise<ServerProcess>;
  log(message: string): void;
};

/** One line of a scenario's table. Null means "not measured" and prints as a dash. */
export type Row = {
  label: string;
  reqPerSec: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  peakRssMb: number | null;
  /** req/s relative to the scenario's baseline. */
  ratio: number | null;
  note?: string;
};

export type TargetCheck = { name: string; target: string; actual: string; pass: boolean };

/** A scenario's own table, printed instead of the req/s table (e.g. import timings). */
export type Table = { columns: string[]; rows: string[][] };

/** `table`, when given, is what gets printed; `rows` still go to results.json. */
export type ScenarioReport = { rows: Row[]; table?: Table; targets: TargetCheck[]; notes?: string[]; raw?: unknown };

/** A scenario is one file in bench/scenarios whose default export has this shape. */
export type Scenario = {
  name: string;
  title: string;
  run(ctx: BenchContext): Promise<ScenarioReport>;
};

export function isScenario(value: unknown): value is Scenario {
  const v = value as Partial<Scenario> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.title === 'string' && typeof v.run === 'function';
}

// ---- measuring ----------------------------------------------------------------------------

export type Measured = LoadResult & { peakRssMb: number | null };

/** Loads one process (warm-up + measured run) while tracking its peak RSS over both. */
export async function measure(proc: ServerProcess, load: LoadSpec, settings: LoadSettings): Promise<Measured> {
  const monitor = new RssMonitor(proc.pid);
  await monitor.start();
  try {
    const result = await runLoad(proc.baseUrl, load, settings, proc.pid);
    return { ...result, peakRssMb: await monitor.stop() };
  } catch (err) {
    await monitor.stop();
    throw err;
  }
}

export type Aggregate = Measured & { rounds: Measured[] };

/** Across rounds: mean req/s and p50, worst p99 and peak RSS. */
function aggregate(rounds: Measured[]): Aggregate {
  const mean = (f: (m: Measured) => number) => rounds.reduce((s, m) => s + f(m), 0) / rounds.length;
  const first = rounds[0];
  if (!first) throw new Error('no rounds measured');
  const rss = rounds.map((m) => m.peakRssMb).filter((v): v is number => v !== null);
  return {
    ...first,
    reqPerSec: mean((m) => m.reqPerSec),
    p50Ms: mean((m) => m.p50Ms),
    p99Ms: Math.max(...rounds.map((m) => m.p99Ms)),
    totalRequests: rounds.reduce((s, m) => s + m.totalRequests, 0),
    cpuUsPerRequest: rounds.every((m) => m.cpuUsPerRequest !== null) ? mean((m) => m.cpuUsPerRequest!) : null,
    peakRssMb: rss.length ? Math.max(...rss) : null,
    rounds,
  };
}

export type AbSpec = {
  baseline: { file: string; env: Record<string, string>; load: LoadSpec };
  subject: { load: LoadSpec };
  /** Runs once both are up, before any load: e.g. that both answer the same document. */
  check?: (baselineUrl: string) => Promise<void>;
};

/**
 * The common "real route against a bare baseline" pattern. The baseline runs as its own process;
 * the two are loaded one after the other (baseline, then subject, for each round), never at once.
 */
export async function runAB(ctx: BenchContext, spec: AbSpec): Promise<{ baseline: Aggregate; subject: Aggregate }> {
  const baselineProc = await ctx.startBaseline(spec.baseline.file, spec.baseline.env);
  const b: Measured[] = [];
  const s: Measured[] = [];
  try {
    await spec.check?.(baselineProc.baseUrl);
    for (let round = 1; round <= ctx.settings.rounds; round++) {
      ctx.log(`round ${round}/${ctx.settings.rounds}: baseline`);
      b.push(await measure(baselineProc, spec.baseline.load, ctx.settings));
      ctx.log(`round ${round}/${ctx.settings.rounds}: abhyas`);
      s.push(await measure(ctx.server, spec.subject.load, ctx.settings));
    }
  } finally {
    await stopServer(baselineProc);
  }
  return { baseline: aggregate(b), subject: aggregate(s) };
}

export function abRows(ab: { baseline: Aggregate; subject: Aggregate }, labels = { subject: 'abhyas', baseline: 'baseline' }): Row[] {
  const row = (label: string, m: Aggregate, ratio: number): Row => ({
    label,
    reqPerSec: m.reqPerSec,
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    peakRssMb: m.peakRssMb,
    ratio,
    ...(m.cpuUsPerRequest !== null ? { note: `CPU ${Math.round(m.cpuUsPerRequest)} µs/request` } : {}),
  });
  return [row(labels.subject, ab.subject, ab.subject.reqPerSec / ab.baseline.reqPerSec), row(labels.baseline, ab.baseline, 1)];
}

// ---- targets ------------------------------------------------------------------------------

export function minRatio(subject: Measured, baseline: Measured, min: number): TargetCheck {
  const ratio = subject.reqPerSec / baseline.reqPerSec;
  // The same comparison by CPU time per request, which other work on the machine skews less.
  const cpu = subject.cpuUsPerRequest && baseline.cpuUsPerRequest ? `; by CPU per request ${((baseline.cpuUsPerRequest / subject.cpuUsPerRequest) * 100).toFixed(1)}%` : '';
  return { name: 'req/s vs baseline', target: `≥ ${Math.round(min * 100)}%`, actual: `${(ratio * 100).toFixed(1)}%${cpu}`, pass: ratio >= min };
}

export function minValue(name: string, value: number | null, min: number, unit: string): TargetCheck {
  const pass = value !== null && value >= min;
  return { name, target: `≥ ${min.toLocaleString('en-US')} ${unit}`, actual: value === null ? 'not measured' : `${Math.round(value).toLocaleString('en-US')} ${unit}`, pass };
}

export function maxValue(name: string, value: number | null, max: number, unit: string): TargetCheck {
  const pass = value !== null && value <= max;
  return { name, target: `≤ ${max} ${unit}`, actual: value === null ? 'not measured' : `${value.toFixed(1)} ${unit}`, pass };
}
