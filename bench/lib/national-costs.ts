/**
 * What `national-mock` samples once a second while its candidates run, to turn into a cost per
 * request: each server process's CPU time and RSS (/proc), the PostgreSQL database's commits and rows
 * written (`pg_stat_database`, the run's database only) and its backends' CPU time (/proc of the pids
 * `pg_stat_activity` lists for it), and Redis's calls per command and CPU time (`INFO`: the whole Redis
 * server, so other clients of a shared Redis count too).
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { readCpuMs, readMem } from './server.js';

export type Sample = {
  at: number;
  cpuMs: (number | null)[];
  rssKb: (number | null)[];
  pg: { commits: number; inserted: number; updated: number; deleted: number; backendCpuMs: number };
  redis: { calls: Record<string, number>; cpuMs: number };
};

export type Delta = {
  ms: number;
  cpuMs: (number | null)[];
  pgCommits: number;
  pgRowsWritten: number;
  pgBackendCpuMs: number;
  redisCalls: number;
  redisByCommand: Record<string, number>;
  redisCpuMs: number;
};

export class CostSampler {
  private constructor(
    private readonly pgClient: pg.Client,
    private readonly redis: Redis,
    private readonly database: string,
  ) {}

  /** Connects to the PostgreSQL server's maintenance database (never the measured one) and to Redis. */
  static async open(adminUrl: string, database: string, redisUrl: string): Promise<CostSampler> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    return new CostSampler(client, redis, database);
  }

  async sample(pids: (number | null)[]): Promise<Sample> {
    const [stats, backends, commandstats, cpu, procCpu, mem] = await Promise.all([
      this.pgClient.query<{ commits: string; inserted: string; updated: string; deleted: string }>(
        'SELECT xact_commit AS commits, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted FROM pg_stat_database WHERE datname = $1',
        [this.database],
      ),
      this.pgClient.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [this.database]),
      this.redis.info('commandstats'),
      this.redis.info('cpu'),
      Promise.all(pids.map((p) => (p === null ? null : readCpuMs(p)))),
      Promise.all(pids.map((p) => (p === null ? null : readMem(p)))),
    ]);
    const backendCpu = await Promise.all(backends.rows.map((r) => readCpuMs(r.pid)));
    const row = stats.rows[0];
    const calls: Record<string, number> = {};
    for (const m of commandstats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls[m[1]!] = Number(m[2]);
    const seconds = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
    return {
      at: Date.now(),
      cpuMs: procCpu,
      rssKb: mem.map((m) => m?.rssKb ?? null),
      pg: {
        commits: Number(row?.commits ?? 0),
        inserted: Number(row?.inserted ?? 0),
        updated: Number(row?.updated ?? 0),
        deleted: Number(row?.deleted ?? 0),
        // Backends come and go (the pool's, and those terminated): the sum is of those alive now, so deltas over a window are a floor.
        backendCpuMs: backendCpu.reduce<number>((s, v) => s + (v ?? 0), 0),
      },
      redis: { calls, cpuMs: (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000 },
    };
  }

  async close(): Promise<void> {
    await this.pgClient.end();
    this.redis.disconnect();
  }
}

/** What happened between two samples. The Redis calls leave out the INFO calls the sampler made itself. */
export function delta(a: Sample, b: Sample): Delta {
  const byCommand: Record<string, number> = {};
  for (const [cmd, n] of Object.entries(b.redis.calls)) {
    const d = n - (a.redis.calls[cmd] ?? 0);
    if (d > 0 && cmd !== 'info') byCommand[cmd] = d;
  }
  return {
    ms: b.at - a.at,
    cpuMs: b.cpuMs.map((v, i) => (v === null || a.cpuMs[i] == null ? null : v - a.cpuMs[i]!)),
    pgCommits: b.pg.commits - a.pg.commits,
    pgRowsWritten: b.pg.inserted + b.pg.updated + b.pg.deleted - (a.pg.inserted + a.pg.updated + a.pg.deleted),
    pgBackendCpuMs: Math.max(0, b.pg.backendCpuMs - a.pg.backendCpuMs),
    redisCalls: Object.values(byCommand).reduce((s, n) => s + n, 0),
    redisByCommand: byCommand,
    redisCpuMs: b.redis.cpuMs - a.redis.cpuMs,
  };
}

/** The figures of one kind of request: CPU ms, PostgreSQL commits, rows written and backend CPU ms, Redis calls. */
export type Cost = { cpuMs: number; pgCommits: number; pgRows: number; pgCpuMs: number; redisCalls: number };

/** One second of a phase: what was sampled at both ends and how many requests of each kind were answered between. */
export type Interval = { d: Delta; saves: number; starts: number; submissions: number };

/** Solves A x = b by Gaussian elimination with partial pivoting; null when A is singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-9) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The cost of a save, a start and a submission (with its result read) that best explains, by least
 * squares over every second of a phase, what was measured in that second, plus a constant per second
 * for what runs whatever the requests (timers, the sweeper, autovacuum). Starts, saves and submissions
 * overlap in time, so no window holds one kind alone; their mix changes over a phase, which separates them.
 */
export function fitCosts(intervals: Interval[]): { save: Cost; start: Cost; submission: Cost; perSecond: Cost } | null {
  const xs = intervals.map((i) => [i.saves, i.starts, i.submissions, i.d.ms / 1000]);
  const ata = [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => xs.reduce((s, x) => s + x[r]! * x[c]!, 0)));
  const fit = (y: (d: Delta) => number) => solve(ata, [0, 1, 2, 3].map((r) => xs.reduce((s, x, k) => s + x[r]! * y(intervals[k]!.d), 0)));
  const fields: [keyof Cost, (d: Delta) => number][] = [
    ['cpuMs', (d) => d.cpuMs.reduce<number>((s, v) => s + (v ?? 0), 0)],
    ['pgCommits', (d) => d.pgCommits],
    ['pgRows', (d) => d.pgRowsWritten],
    ['pgCpuMs', (d) => d.pgBackendCpuMs],
    ['redisCalls', (d) => d.redisCalls],
  ];
  const out = [{}, {}, {}, {}] as Cost[];
  for (const [name, y] of fields) {
    const x = fit(y);
    if (!x) return null;
    x.forEach((v, k) => (out[k]![name] = v));
  }
  return { save: out[0]!, start: out[1]!, submission: out[2]!, perSecond: out[3]! };
}
