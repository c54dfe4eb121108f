import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropPostgres, freshPostgres, openReader } from '../lib/database.js';
import { verifyAnswers, type Acked, type AnswerCheck } from '../lib/exam-candidate.js';
import { quantile } from '../lib/exam-client.js';
import { ensureExamTest, type ExamTest } from '../lib/exam-setup.js';
import { CostSampler, delta, fitCosts, type Cost, type Interval } from '../lib/national-costs.js';
import { runPhase, type PhaseRun, type Tick } from '../lib/national-phase.js';
import type { BenchContext, Row, Scenario, TargetCheck } from '../lib/scenario.js';
import { seedCandidates } from '../lib/seed.js';
import { HarnessError, loggedRequestTimes, signIn, startServer, stopServer, type ServerProcess } from '../lib/server.js';

/**
 * A national mock test on PostgreSQL and Redis: thousands of candidates, played by a process of their
 * own, start a paper, save every answer, change some and submit, then read their result; first on one
 * server process, then on two (candidates given to them in turn, as a proxy would). Part-way through
 * the second phase every PostgreSQL backend of the database is terminated once, then one process is
 * killed, and its candidates carry on on the other. No acknowledged save may be lost and every attempt
 * must be submitted and marked. The costs per save, start and submission it measures are what
 * docs/SCALE.md sizes larger exams from.
 */

const numberFromEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new HarnessError(`${name} must be a number ≥ 0, got "${raw}"`);
  return n;
};

const CANDIDATES = Math.max(1, Math.floor(numberFromEnv('BENCH_NATIONAL_CANDIDATES', 10_000)));
const QUESTIONS = Math.floor(numberFromEnv('BENCH_NATIONAL_QUESTIONS', 20));
const THINK_MS = numberFromEnv('BENCH_NATIONAL_THINK_MS', 8_000);
const START_SPREAD_MS = numberFromEnv('BENCH_NATIONAL_START_SPREAD_MS', 300_000);
/** Answers each candidate changes after the last question: a tenth, at least one. */
const REVISITS = Math.max(1, Math.round(QUESTIONS / 10));
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = 'abhyas_bench_national';
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const FAULTS = { terminateAt: 0.4, killAt: 0.55 };
const ROUTES = {
  start: (e: { method: string; url: string }) => e.method === 'POST' && /^\/api\/tests\/[^/]+\/attempts$/.test(e.url),
  save: (e: { method: string; url: string }) => e.method === 'PUT' && e.url.includes('/answers/'),
  submit: (e: { method: string; url: string }) => e.method === 'POST' && e.url.endsWith('/submit'),
  result: (e: { method: string; url: string }) => e.method === 'GET' && e.url.endsWith('/result'),
};
type Route = keyof typeof ROUTES;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const f1 = (v: number) => v.toFixed(1);

async function startOne(env: Record<string, string>, n: number): Promise<ServerProcess> {
  return startServer({
    name: `national-${n}`,
    script: join(ROOT, 'apps/server/dist/main.js'),
    cwd: ROOT,
    env,
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
    readyPath: '/api/health',
    logFile: join(ROOT, '.bench', 'logs', `national-${n}.log`),
    readyTimeoutMs: 120_000,
  });
}

/** Throughput is taken between these shares of a phase's saves: past the start's ramp, before the first fault. */
const THROUGHPUT_WINDOW = [0.15, 0.4] as const;

function throughputWindow(run: PhaseRun): [Tick, Tick] | null {
  const expected = CANDIDATES * (QUESTIONS + REVISITS);
  const from = run.ticks.find((k) => k.progress.saves >= THROUGHPUT_WINDOW[0] * expected);
  const to = [...run.ticks].reverse().find((k) => k.progress.saves < THROUGHPUT_WINDOW[1] * expected && (!run.terminated || k.sample.at < run.terminated.at));
  return from && to && to.sample.at > from.sample.at ? [from, to] : null;
}

type Measured = { run: PhaseRun; check: AnswerCheck; server: Record<Route, number[] | null>; test: ExamTest };

async function phase(ctx: BenchContext, name: string, servers: ServerProcess[], test: ExamTest, tokens: { token: string }[], sampler: CostSampler, databaseUrl: string, faults: boolean): Promise<Measured> {
  ctx.log(`${name}: ${CANDIDATES.toLocaleString('en-US')} candidates on ${servers.length} process(es), start spread ${START_SPREAD_MS / 1000} s, think ${THINK_MS} ms on average, ${QUESTIONS + REVISITS} saves each, then submit and read the result`);
  const run = await runPhase({
    name,
    workDir: ctx.workDir,
    servers,
    sampler,
    log: ctx.log,
    plan: { candidates: tokens, slug: test.slug, keys: [...test.keys].map(([id, right]) => [id, [...right]]), questions: QUESTIONS, thinkMs: THINK_MS, startSpreadMs: START_SPREAD_MS, revisits: REVISITS, stretch: (3_600_000 / (QUESTIONS + REVISITS)) / Math.max(1, THINK_MS), seed: 0x5eed, deviceTag: `bench-${name}` },
    ...(faults ? { faults: { ...FAULTS, pg: { url: PG_ADMIN_URL, database: DB_NAME } } } : {}),
  });
  const acked: Acked = new Map(run.report.acked.map(([id, qs]) => [id, new Map(qs.map(([q, a, s]) => [q, { acked: a, sent: s }]))]));
  const reader = await openReader(databaseUrl);
  const check = await verifyAnswers(reader, test.id, acked).finally(() => reader.close());
  const server = {} as Record<Route, number[] | null>;
  for (const route of Object.keys(ROUTES) as Route[]) {
    const parts = await Promise.all(servers.map((s) => loggedRequestTimes(s.logFile, run.fromMs, run.toMs, ROUTES[route])));
    const all = parts.flatMap((x) => x ?? []);
    server[route] = all.length ? sorted(all) : null;
  }
  return { run, check, server, test };
}

function latencyRows(label: string, m: Measured): Row[] {
  const wallMs = m.run.report.wallMs;
  return (['start', 'save', 'submit', 'result'] as const).map((route) => {
    const xs = sorted(m.run.report.latencies[route]);
    const own = m.server[route];
    return {
      label: `${label}: ${route}`,
      reqPerSec: (xs.length * 1000) / wallMs,
      p50Ms: xs.length ? quantile(xs, 0.5) : null,
      p99Ms: xs.length ? quantile(xs, 0.99) : null,
      peakRssMb: null,
      ratio: null,
      note: `${xs.length.toLocaleString('en-US')}; the server's own p50 ${own ? f1(quantile(own, 0.5)) : '–'} ms, p99 ${own ? f1(quantile(own, 0.99)) : '–'} ms`,
    };
  });
}

/** Saves per second per process and the processes' CPU share between 15% and 40% of the phase's saves (the CPU per save counts all the process did meanwhile). */
function steadyRows(label: string, m: Measured): { rows: Row[]; total: number | null } {
  const w = throughputWindow(m.run);
  if (!w) return { rows: [], total: null };
  const d = delta(w[0].sample, w[1].sample);
  const rows = w[1].progress.savesByServer.map((n, i): Row => {
    const saves = n - w[0].progress.savesByServer[i]!;
    const cpu = d.cpuMs[i];
    return { label: `${label}: saves, process ${i + 1}`, reqPerSec: (saves * 1000) / d.ms, p50Ms: null, p99Ms: null, peakRssMb: m.run.peakRssKb[i] != null ? m.run.peakRssKb[i]! / 1024 : null, ratio: null, note: `${(d.ms / 1000).toFixed(0)} s from ${THROUGHPUT_WINDOW[0] * 100}% to ${THROUGHPUT_WINDOW[1] * 100}% of the saves, CPU ${cpu == null ? '–' : `${Math.round((cpu / d.ms) * 100)}% of a core, ${Math.round((cpu * 1000) / saves)} µs/save`}` };
  });
  return { rows, total: ((w[1].progress.saves - w[0].progress.saves) * 1000) / d.ms };
}

/** Phase 1's cost per save, start and submission (with its result read), fitted over its seconds; memory per candidate to the last start. */
function costs(m: Measured) {
  const t = m.run.ticks;
  const intervals: Interval[] = t.slice(1).map((k, i) => ({
    d: delta(t[i]!.sample, k.sample),
    saves: k.progress.saves - t[i]!.progress.saves,
    starts: k.progress.started - t[i]!.progress.started,
    submissions: k.progress.submitted - t[i]!.progress.submitted,
  }));
  const fitted = fitCosts(intervals);
  const first = t[0]!;
  const allStarted = t.find((k) => k.progress.started >= CANDIDATES) ?? t[t.length - 1]!;
  const rss = (k: Tick) => k.sample.rssKb[0] ?? 0;
  const redis = delta(first.sample, t[t.length - 1]!.sample).redisByCommand;
  return { ...fitted, rssPerCandidateKb: (rss(allStarted) - rss(first)) / CANDIDATES, peakRssPerCandidateKb: ((m.run.peakRssKb[0] ?? 0) - rss(first)) / CANDIDATES, redisByCommand: redis };
}

const costText = (c: Cost | null) => (c ? `CPU ${c.cpuMs.toFixed(3)} ms, PostgreSQL ${c.pgCommits.toFixed(2)} commits, ${c.pgRows.toFixed(2)} rows written, ${c.pgCpuMs.toFixed(3)} ms backend CPU, Redis ${c.redisCalls.toFixed(2)} calls` : 'not measured');

function targetsOf(label: string, m: Measured): TargetCheck[] {
  const r = m.run.report;
  const errors = Object.entries(r.errors);
  const fiveHundreds = Object.entries(r.retries).filter(([k]) => / answered 500/.test(k));
  return [
    { name: `${label}: lost acknowledged saves`, target: '0', actual: `${m.check.lost} of ${m.check.ackedSaves.toLocaleString('en-US')}${m.check.unknown ? `, ${m.check.unknown} stored saves never sent` : ''}${m.check.examples.length ? ` (e.g. ${m.check.examples.join('; ')})` : ''}`, pass: m.check.lost === 0 && m.check.unknown === 0 && m.check.ackedSaves > 0 },
    { name: `${label}: attempts submitted and marked, results read`, target: `all ${CANDIDATES.toLocaleString('en-US')}`, actual: `${m.check.submitted.toLocaleString('en-US')} submitted of ${m.check.attempts.toLocaleString('en-US')}, ${m.check.unmarked} answers unmarked, ${r.latencies.result.length.toLocaleString('en-US')} results read`, pass: m.check.submitted === CANDIDATES && m.check.attempts === CANDIDATES && m.check.unmarked === 0 && r.latencies.result.length === CANDIDATES },
    { name: `${label}: requests failed for good`, target: '0', actual: errors.length || r.notApplied ? `${errors.map(([k, v]) => `${k} ×${v}`).join('; ')}${r.notApplied ? `; saves answered with another seq ×${r.notApplied}` : ''}` : '0', pass: errors.length === 0 && r.notApplied === 0 },
    { name: `${label}: 500 answers (a lost connection is 503)`, target: '0', actual: fiveHundreds.length ? fiveHundreds.map(([k, v]) => `${k} ×${v}`).join('; ') : '0', pass: fiveHundreds.length === 0 },
  ];
}

const nationalMock: Scenario = {
  name: 'national-mock',
  title: `${CANDIDATES.toLocaleString('en-US')} candidates sit a ${QUESTIONS}-question paper on PostgreSQL and Redis, on 1 then 2 server processes, one killed and the database's connections cut part-way`,
  async run(ctx) {
    const dataDir = join(ctx.workDir, 'national');
    await mkdir(dataDir, { recursive: true });
    const databaseUrl = await freshPostgres(PG_ADMIN_URL, DB_NAME);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), REDIS_URL, SEED_DEMO: 'true', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', EXAM_SAVES_PER_MINUTE: '1000000000' };
    const servers: ServerProcess[] = [];
    let sampler: CostSampler | undefined;
    try {
      servers.push(await startOne(env, 1));
      const sub: BenchContext = { ...ctx, server: servers[0]!, serverEnv: env, login: (email, password) => signIn(servers[0]!.baseUrl, email, password) };
      const tests = [await ensureExamTest(sub, 'bench-national-1', undefined, QUESTIONS), await ensureExamTest(sub, 'bench-national-2', undefined, QUESTIONS)];
      const seeded = await seedCandidates(sub, 'national', CANDIDATES);
      ctx.log(`setup: ${CANDIDATES.toLocaleString('en-US')} candidate accounts and tokens on PostgreSQL in ${(seeded.wallMs / 1000).toFixed(1)} s`);
      sampler = await CostSampler.open(PG_ADMIN_URL, DB_NAME, REDIS_URL);
      const one = await phase(ctx, '1-process', servers, tests[0]!, seeded.candidates, sampler, databaseUrl, false);
      servers.push(await startOne({ ...env, SEED_DEMO: 'false' }, 2));
      const two = await phase(ctx, '2-processes', servers, tests[1]!, seeded.candidates, sampler, databaseUrl, true);

      const s1 = steadyRows('1 process', one);
      const s2 = steadyRows('2 processes', two);
      const c = costs(one);
      const scaling = s1.total && s2.total ? s2.total / s1.total : null;
      const r2 = two.run.report;
      const rows = [...latencyRows('1 process', one), ...s1.rows, ...latencyRows('2 processes', two), ...s2.rows];
      const targets = [...targetsOf('1 process', one), ...targetsOf('2 processes', two), { name: 'faults injected', target: 'backends terminated once, a process killed', actual: `${two.run.terminated ? `${two.run.terminated.backends} backends terminated` : 'no termination'}, ${two.run.killed ? `pid ${two.run.killed.pid} killed, ${r2.moved} candidates moved` : 'no process killed'}`, pass: (two.run.terminated?.backends ?? 0) > 0 && two.run.killed !== null }];
      const load = (m: Measured) => `load average ${m.run.loadAverage.from.map(f1).join('/')} at its start, ${m.run.loadAverage.to.map(f1).join('/')} at its end`;
      const notes = [
        `saves/s from ${THROUGHPUT_WINDOW[0] * 100}% to ${THROUGHPUT_WINDOW[1] * 100}% of a phase's saves (before any fault): 1 process ${s1.total ? Math.round(s1.total) : '–'}, 2 processes ${s2.total ? Math.round(s2.total) : '–'} in all: ×${scaling ? scaling.toFixed(2) : '–'} from 1 to 2`,
        `cost per save (1 process, fitted over its seconds): ${costText(c?.save ?? null)}`,
        `cost per start: ${costText(c?.start ?? null)}`,
        `cost per submission and its result read: ${costText(c?.submission ?? null)}; and per second whatever the requests: ${costText(c?.perSecond ?? null)}`,
        `memory: RSS grew ${f1(c.rssPerCandidateKb)} KB per candidate by the last start, peak ${f1(c.peakRssPerCandidateKb)} KB per candidate over the RSS before the phase; Redis calls over the phase by command: ${JSON.stringify(c.redisByCommand)} (INFO of the whole Redis: other clients count too)`,
        `retried by the candidates: 1 process ${JSON.stringify(one.run.report.retries)}; 2 processes ${JSON.stringify(r2.retries)}, ${r2.moved} candidates moved to the other process`,
        `the candidates' process: 1 process ${Math.round(one.run.report.cpuMs / 1000)} s CPU over ${Math.round(one.run.report.wallMs / 1000)} s, event loop lag max ${Math.round(one.run.report.loopMaxMs)} ms (p99 ${Math.round(one.run.report.loopP99Ms)}); 2 processes ${Math.round(r2.cpuMs / 1000)} s CPU over ${Math.round(r2.wallMs / 1000)} s, lag max ${Math.round(r2.loopMaxMs)} ms (p99 ${Math.round(r2.loopP99Ms)})`,
        `1 process: ${load(one)}; 2 processes: ${load(two)}`,
        `the paper: ${QUESTIONS} questions, ${REVISITS} answers changed, start spread ${START_SPREAD_MS / 1000} s, mean think ${THINK_MS} ms (BENCH_NATIONAL_*); setup ${(seeded.wallMs / 1000).toFixed(1)} s of seeding`,
      ];
      return { rows, targets, notes, raw: { candidates: CANDIDATES, questions: QUESTIONS, revisits: REVISITS, thinkMs: THINK_MS, startSpreadMs: START_SPREAD_MS, costs: c, steady: { one: s1.total, two: s2.total, scaling }, phases: [one, two].map((m) => ({ ...m.run, report: { ...m.run.report, acked: undefined, latencies: undefined }, check: m.check, serverP99: Object.fromEntries(Object.entries(m.server).map(([k, v]) => [k, v ? quantile(v, 0.99) : null])) })) } };
    } finally {
      await sampler?.close();
      await Promise.all(servers.map((s) => stopServer(s)));
      await dropPostgres(PG_ADMIN_URL, DB_NAME);
    }
  },
};

export default nationalMock;
