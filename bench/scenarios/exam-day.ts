import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pool } from '../lib/content-setup.js';
import { openReader } from '../lib/database.js';
import { keysOf, saveBody, saveOrder, verifyAnswers, type Acked } from '../lib/exam-candidate.js';
import { candidateHeaders, HttpClient, quantile, random, startAttempt, type Reply } from '../lib/exam-client.js';
import { EXAM_QUESTIONS, ensureExamTest, type ExamTest } from '../lib/exam-setup.js';
import { maxValue, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { seedCandidates } from '../lib/seed.js';
import { HarnessError, loggedRequestTimes, readCpuMs, RssMonitor } from '../lib/server.js';

/**
 * Exam day on SQLite: thousands of candidates start the same 100-question test within a minute
 * of each other, answer every question in order with a think time between saves (a 60-minute paper's
 * 36 s per question compressed to about a second), change a tenth of their answers at the end, as
 * candidates reviewing do, and submit. Each candidate is one keep-alive connection with at most one
 * request in flight, so a slow server slows the candidates down as it would in a hall. Afterwards
 * every acknowledged save must be in the database as the attempt's answer, every attempt submitted.
 */

const numberFromEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new HarnessError(`${name} must be a number ≥ 0, got "${raw}"`);
  return n;
};

const CANDIDATES = Math.max(1, Math.floor(numberFromEnv('BENCH_EXAM_CANDIDATES', 2_000)));
/** Mean think time between two saves of one candidate; each think time is uniform in [0, 2 × mean]. */
const THINK_MS = numberFromEnv('BENCH_EXAM_THINK_MS', 1_000);
/** Candidates press Start spread over this window, as they sign in over the first minute of the exam. */
const START_SPREAD_MS = 60_000;
/** Answers each candidate changes after the last question. */
const REVISITS = 10;
const SLUG = 'bench-exam-day';
const MAX_P99_SAVE_MS = 100;
const MAX_RSS_MB = 300;

/** Starts timed on their own before the crowd, for the server's CPU per start: warm-up first, then measured. */
const PROBE_WARM = 20;
const PROBE_STARTS = 200;
const PROBE_IN_FLIGHT = 4;

type Tally = { starts: number[]; startConnects: number[]; saves: number[]; submits: number[]; errors: Map<string, number>; notApplied: number };

function count(tally: Tally, what: string): void {
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}

async function attempt<T>(tally: Tally, what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    // Grouped by kind: addresses and ids left out.
    const message = err instanceof Error ? err.message.replace(/(GET|PUT|POST) \/\S+ /, '') : String(err);
    count(tally, `${what}: ${message.slice(0, 80)}`);
    return null;
  }
}

async function candidate(
  baseUrl: string,
  test: ExamTest,
  headers: Record<string, string>,
  n: number,
  tally: Tally,
  acked: Acked,
): Promise<void> {
  const rnd = random(0x5eed + n);
  const ability = 0.35 + 0.55 * rnd();
  await sleep((START_SPREAD_MS * n) / CANDIDATES);
  // One connection per candidate, kept open between requests, as a browser tab keeps one.
  const http = new HttpClient(baseUrl, 1);
  try {
    await sitExam(http, test, headers, rnd, ability, tally, acked);
  } finally {
    http.close();
  }
}

async function sitExam(http: HttpClient, test: ExamTest, headers: Record<string, string>, rnd: () => number, ability: number, tally: Tally, acked: Acked): Promise<void> {
  const started = await attempt(tally, 'start', () => startAttempt(http, test.slug, headers));
  if (!started) return;
  tally.starts.push(started.reply.ms);
  if (started.reply.connectMs !== null) tally.startConnects.push(started.reply.connectMs);
  if (started.reply.status !== 201) count(tally, `start answered ${started.reply.status}, not 201`);
  const keys = keysOf(test.keys, started.attempt.questions);
  const attemptId = started.attempt.id;
  const mine = new Map<string, { acked: number; sent: number }>();
  acked.set(attemptId, mine);
  let seq = 0;
  for (const key of saveOrder(keys, REVISITS, rnd)) {
    const think = 2 * THINK_MS * rnd();
    await sleep(think);
    seq += 1;
    const body = saveBody(key, ability, rnd, seq, think, 36);
    const mark = mine.get(key.questionId) ?? { acked: 0, sent: 0 };
    mark.sent = seq;
    mine.set(key.questionId, mark);
    const reply: Reply | null = await attempt(tally, 'save', () => http.request('PUT', `/api/attempts/${attemptId}/answers/${key.questionId}`, headers, body));
    if (!reply) continue;
    if (reply.status !== 200) {
      count(tally, `save answered ${reply.status}`);
      continue;
    }
    tally.saves.push(reply.ms);
    const data = (JSON.parse(reply.text) as { data: { seq: number; applied: boolean } }).data;
    if (data.seq !== seq || !data.applied) tally.notApplied += 1;
    else mark.acked = seq;
  }
  const submitted = await attempt(tally, 'submit', () => http.request('POST', `/api/attempts/${attemptId}/submit`, headers));
  if (!submitted) return;
  if (submitted.status !== 200) {
    count(tally, `submit answered ${submitted.status}`);
    return;
  }
  tally.submits.push(submitted.ms);
  const r = (JSON.parse(submitted.text) as { data: { correct: number; wrong: number; partial: number; unattempted: number } }).data;
  if (r.correct + r.wrong + r.partial + r.unattempted !== EXAM_QUESTIONS) count(tally, 'a result that does not add up to the questions');
}

/**
 * Starts with nothing else loading the server: candidates of their own start a test of its own (so
 * the crowd's test and its checks are untouched), a few at a time, and the server's CPU over the
 * measured starts is divided by them. In the crowd, a start's wait is mostly the saves queued beside it.
 */
async function startsAlone(ctx: Parameters<Scenario['run']>[0]): Promise<{ ms: number[]; cpuUsPerStart: number | null; wallMs: number; windowUs: [number, number] }> {
  const test = await ensureExamTest(ctx, `${SLUG}-starts`);
  const seeded = await seedCandidates(ctx, 'exam-day-starts', PROBE_WARM + PROBE_STARTS);
  const http = new HttpClient(ctx.server.baseUrl, PROBE_IN_FLIGHT);
  const ms: number[] = [];
  const start = (c: (typeof seeded.candidates)[number], i: number, keep: boolean) => async () => {
    const { reply } = await startAttempt(http, test.slug, candidateHeaders(c, `bench-exam-day-starts-${i + 1}`));
    if (reply.status !== 201) throw new HarnessError(`a start of ${test.slug} answered ${reply.status}, not 201`);
    if (keep) ms.push(reply.ms);
  };
  try {
    await pool(seeded.candidates.slice(0, PROBE_WARM).map((c, i) => start(c, i, false)), PROBE_IN_FLIGHT);
    const cpuFrom = await readCpuMs(ctx.server.pid);
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const from = performance.now();
    await pool(seeded.candidates.slice(PROBE_WARM).map((c, i) => start(c, PROBE_WARM + i, true)), PROBE_IN_FLIGHT);
    const wallMs = performance.now() - from;
    const windowUs: [number, number] = [fromUs, Number(process.hrtime.bigint() / 1000n)];
    const cpuTo = await readCpuMs(ctx.server.pid);
    return { windowUs, ms: sorted(ms), cpuUsPerStart: cpuFrom === null || cpuTo === null ? null : ((cpuTo - cpuFrom) * 1000) / PROBE_STARTS, wallMs };
  } finally {
    http.close();
  }
}

const rate = (n: number, ms: number) => (ms > 0 ? (n * 1000) / ms : null);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

const examDay: Scenario = {
  name: 'exam-day',
  title: `${CANDIDATES.toLocaleString('en-US')} candidates start a ${EXAM_QUESTIONS}-question test, save every answer and submit, on SQLite`,
  async run(ctx) {
    const alone = await startsAlone(ctx);
    ctx.log(`${PROBE_STARTS} starts alone (${PROBE_IN_FLIGHT} in flight): p50 ${quantile(alone.ms, 0.5).toFixed(1)} ms, p99 ${quantile(alone.ms, 0.99).toFixed(1)} ms, server CPU ${alone.cpuUsPerStart === null ? '–' : Math.round(alone.cpuUsPerStart)} µs/start`);
    const test = await ensureExamTest(ctx, SLUG);
    const seeded = await seedCandidates(ctx, 'exam-day', CANDIDATES);
    ctx.log(`setup: ${CANDIDATES} candidate accounts signed in through the server's users and token services in ${(seeded.wallMs / 1000).toFixed(1)} s`);

    const tally: Tally = { starts: [], startConnects: [], saves: [], submits: [], errors: new Map(), notApplied: 0 };
    const acked: Acked = new Map();
    const monitor = new RssMonitor(ctx.server.pid);
    await monitor.start();
    // The harness's own event-loop delay: latencies are only the server's if the harness kept up.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const from = performance.now();
    const fromMs = Date.now();
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const cpuFrom = await readCpuMs(ctx.server.pid);
    ctx.log(`${CANDIDATES} candidates start over ${START_SPREAD_MS / 1000} s, think ${THINK_MS} ms on average between saves, ${EXAM_QUESTIONS + REVISITS} saves each, then submit`);
    const progress = setInterval(() => ctx.log(`${tally.starts.length} started, ${tally.saves.length.toLocaleString('en-US')} saves, ${tally.submits.length} submitted, ${[...tally.errors.values()].reduce((s, n) => s + n, 0)} errors`), 15_000);
    try {
      await Promise.all(seeded.candidates.map((c, i) => candidate(ctx.server.baseUrl, test, candidateHeaders(c, `bench-exam-day-${i + 1}`), i, tally, acked)));
    } finally {
      clearInterval(progress);
      loopDelay.disable();
    }
    const wallMs = performance.now() - from;
    const windowUs: [number, number] = [fromUs, Number(process.hrtime.bigint() / 1000n)];
    const peakRssMb = await monitor.stop();
    const cpuTo = await readCpuMs(ctx.server.pid);

    const serverTimes = await loggedRequestTimes(ctx.server.logFile, fromMs, Date.now(), (e) => e.method === 'PUT' && e.url.includes('/answers/'));
    const reader = await openReader(`file:${await ctx.snapshotDb('exam-day')}`);
    const check = await verifyAnswers(reader, test.id, acked).finally(() => reader.close());
    const errors = [...tally.errors.values()].reduce((s, n) => s + n, 0) + tally.notApplied;
    const [starts, saves, submits] = [sorted(tally.starts), sorted(tally.saves), sorted(tally.submits)];
    // Over every request of the crowd: starts and submissions cost far more than a save and weigh in.
    const answered = starts.length + saves.length + submits.length;
    const cpuUsPerRequest = cpuFrom === null || cpuTo === null || answered === 0 ? null : ((cpuTo - cpuFrom) * 1000) / answered;
    const row = (label: string, xs: number[], note: string): Row => ({
      label,
      reqPerSec: rate(xs.length, wallMs),
      p50Ms: xs.length ? quantile(xs, 0.5) : null,
      p99Ms: xs.length ? quantile(xs, 0.99) : null,
      peakRssMb: null,
      ratio: null,
      note,
    });
    const rows: Row[] = [
      {
        label: `start alone (${PROBE_IN_FLIGHT} in flight)`,
        reqPerSec: rate(alone.ms.length, alone.wallMs),
        p50Ms: quantile(alone.ms, 0.5),
        p99Ms: quantile(alone.ms, 0.99),
        peakRssMb: null,
        ratio: null,
        note: `${alone.ms.length} starts before the crowd${alone.cpuUsPerStart === null ? '' : ` (CPU ${Math.round(alone.cpuUsPerStart)} µs/request)`}`,
      },
      row('start', starts, `${starts.length} attempts started`),
      row('save', saves, `${saves.length.toLocaleString('en-US')} saves`),
      row('submit', submits, `${submits.length} submitted`),
      { label: 'whole run', reqPerSec: rate(answered, wallMs), p50Ms: null, p99Ms: null, peakRssMb, ratio: null, note: `${(wallMs / 1000).toFixed(1)} s${cpuUsPerRequest === null ? '' : ` (CPU ${Math.round(cpuUsPerRequest)} µs/request)`}` },
    ];
    const targets: TargetCheck[] = [
      {
        name: 'errors',
        target: '0',
        actual: errors === 0 ? '0' : `${errors}: ${[...tally.errors.entries()].map(([k, v]) => `${k} ×${v}`).join('; ')}${tally.notApplied ? `; saves not applied ×${tally.notApplied}` : ''}`,
        pass: errors === 0,
      },
      {
        name: 'lost saves',
        target: '0',
        actual: `${check.lost} of ${check.ackedSaves.toLocaleString('en-US')} last acknowledged saves (one per question answered)${check.unknown ? `, ${check.unknown} stored saves never sent` : ''}${check.examples.length ? ` (e.g. ${check.examples.join('; ')})` : ''}`,
        pass: check.lost === 0 && check.unknown === 0 && check.ackedSaves > 0,
      },
      {
        name: 'attempts submitted and marked',
        target: `all ${CANDIDATES.toLocaleString('en-US')}`,
        actual: `${check.submitted.toLocaleString('en-US')} of ${check.attempts.toLocaleString('en-US')} attempts, ${check.unmarked} answers unmarked`,
        pass: check.submitted === CANDIDATES && check.attempts === CANDIDATES && check.unmarked === 0,
      },
      maxValue('p99 save latency', saves.length ? quantile(saves, 0.99) : null, MAX_P99_SAVE_MS, 'ms'),
      maxValue('server peak RSS', peakRssMb, MAX_RSS_MB, 'MB'),
    ];
    return {
      rows,
      targets,
      notes: [
        `setup: ${CANDIDATES.toLocaleString('en-US')} accounts and tokens seeded in ${(seeded.wallMs / 1000).toFixed(1)} s (bench/seed/candidates.ts: the server's users and token services, one argon2 hash); the test published through the editor API`,
        `req/s columns are completions per second over the whole run; latencies are the candidates' (sending to the last byte), each candidate one keep-alive connection with one request in flight; no baseline (answer-saves compares a save with a bare upsert)`,
        serverTimes
          ? `the server's own time per save (its request log, from routing to the response): p50 ${quantile(serverTimes, 0.5).toFixed(1)} ms, p99 ${quantile(serverTimes, 0.99).toFixed(1)} ms; the rest of a candidate's wait was spent queued before the server read the request`
          : 'the server logged no request lines (BENCH_LOG_LEVEL above info): its own time per save is not shown',
        tally.startConnects.length
          ? `opening a candidate's connection (at Start) took p50 ${quantile(sorted(tally.startConnects), 0.5).toFixed(1)} ms, p99 ${quantile(sorted(tally.startConnects), 0.99).toFixed(1)} ms of the start's wait`
          : 'no start opened a connection of its own',
        `the harness's event loop lagged at most ${(loopDelay.max / 1e6).toFixed(0)} ms (p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms) while it played the candidates`,
        `${check.answerRows.toLocaleString('en-US')} answer rows stored for ${check.attempts.toLocaleString('en-US')} attempts; BENCH_EXAM_CANDIDATES and BENCH_EXAM_THINK_MS change the crowd and its pace`,
      ],
      raw: { candidates: CANDIDATES, thinkMs: THINK_MS, startsAlone: { ms: alone.ms, cpuUsPerStart: alone.cpuUsPerStart }, wallMs, harnessLoopDelayMaxMs: loopDelay.max / 1e6, serverSaveP99Ms: serverTimes ? quantile(serverTimes, 0.99) : null, cpuUsPerRequest, windowsUs: [windowUs], startsWindowsUs: [alone.windowUs], seedMs: seeded.wallMs, check, errors: Object.fromEntries(tally.errors), notApplied: tally.notApplied },
    };
  },
};

export default examDay;
