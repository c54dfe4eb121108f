import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { call } from '../lib/content-setup.js';
import { monotonicUs } from '../lib/load.js';
import { checkpointPostgres, dropPostgres, freshPostgres, openReader, type DbReader } from '../lib/database.js';
import { EDITOR, EXAM_QUESTIONS, EXAM_SCALE, ensureExamTest, type ExamTest } from '../lib/exam-setup.js';
import { probe, PROBE_EVERY_MS, quantile } from '../lib/probe.js';
import { maxValue, type BenchContext, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { runSeedScript } from '../lib/seed.js';
import { HarnessError, readCpuMs, signIn, startServer, stopServer, type ServerProcess } from '../lib/server.js';

/**
 * An editor changes the key of one question of a published 100-question test that 10,000
 * candidates have submitted (`POST /api/admin/questions/:id/key-decisions`, action `change`), which
 * re-marks every one of those attempts before it answers, while candidates keep reading their
 * profile. On SQLite and on PostgreSQL, each on a server of its own with a fresh database. Afterwards
 * every attempt's score is recomputed by the harness from the rows it reads itself (the choices
 * stored, the sections' marks and the decided key) and must equal the stored one.
 */

const ATTEMPTS = 10_000;
const SLUG = 'bench-remark';
/** Readers of their profile while the key changes: a few, as in import-under-load, so the p99 shows how long the re-marking holds the loop. */
const CONNECTIONS = 10;
const MAX_REMARK_MS = 10_000;
const MAX_P99_MS = 100;
const CANDIDATE = { email: 'candidate@abhyas.test', password: 'practice123' };
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIALECTS = (process.env.BENCH_REMARK_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim()).filter(Boolean);
const PATH = '/api/users/profile';

type Dialect = 'sqlite' | 'postgres';

/** A server of the scenario's own, on a fresh database of the dialect, seeded with the demo. */
async function freshServer(ctx: BenchContext, dialect: Dialect): Promise<{ server: ServerProcess; env: Record<string, string> & { DATABASE_URL: string; DATA_DIR: string }; dispose: () => Promise<void> }> {
  const dataDir = join(ctx.workDir, `remark-${dialect}`);
  await mkdir(dataDir, { recursive: true });
  const pgName = 'abhyas_bench_remark';
  const databaseUrl = dialect === 'sqlite' ? `file:${join(dataDir, 'app.db')}` : await freshPostgres(PG_ADMIN_URL, pgName);
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const dropDb = async () => {
    if (dialect === 'postgres') await dropPostgres(PG_ADMIN_URL, pgName);
  };
  try {
    const server = await startServer({
      name: `remark-${dialect}`,
      script: SERVER_ENTRY,
      cwd: ROOT,
      env,
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
      readyPath: '/api/health',
      logFile: join(ROOT, '.bench', 'logs', `remark-${dialect}.log`),
      readyTimeoutMs: 120_000,
    });
    return { server, env, dispose: async () => void (await stopServer(server), await dropDb()) };
  } catch (err) {
    await dropDb();
    throw err;
  }
}

type Window = { windowUs: [number, number]; requests: number; p50Ms: number; p99Ms: number; maxMs: number; reqPerSec: number; probes: number[]; cpuMs: number | null; ms: number };

/**
 * Loads the profile (autocannon's closed loop and the open-loop probe) while `work` runs, after a
 * discarded warm-up. The baseline's work is a wait of the run's duration; the measured one is the
 * key change.
 */
async function profileWhile<T>(server: ServerProcess, headers: Record<string, string>, warmupS: number, work: () => Promise<T>): Promise<{ window: Window; result: T }> {
  const url = server.baseUrl + PATH;
  if (warmupS > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: warmupS, pipelining: 1 });
  const cpuFrom = await readCpuMs(server.pid);
  const fromUs = monotonicUs();
  const started = performance.now();
  const probing = probe(url, headers);
  const load = autocannon({ url, headers, connections: CONNECTIONS, duration: 600, pipelining: 1, timeout: 10 });
  let result: T;
  try {
    result = await work();
  } finally {
    load.stop();
  }
  const [r, probes] = await Promise.all([load, probing.stop()]);
  const ms = performance.now() - started;
  const windowUs: [number, number] = [fromUs, monotonicUs()];
  const cpuTo = await readCpuMs(server.pid);
  if (r.non2xx > 0 || r.errors > 0 || r['2xx'] === 0) throw new HarnessError(`profile load: ${r['2xx']} ok, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return {
    result,
    window: {
      windowUs,
      requests: r['2xx'] + probes.length,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      reqPerSec: (r['2xx'] * 1000) / ms,
      probes,
      cpuMs: cpuFrom !== null && cpuTo !== null ? cpuTo - cpuFrom : null,
      ms,
    },
  };
}

type Decided = { data: { decision: { id: string }; remarked: number; changed: number } };

async function decide(server: ServerProcess, token: string, questionId: string, body: object): Promise<{ ms: number; reply: Decided['data'] }> {
  const started = performance.now();
  try {
    const reply = await call<Decided>(server.baseUrl, 'POST', `/api/admin/questions/${questionId}/key-decisions`, body, token);
    return { ms: performance.now() - started, reply: reply.data };
  } catch (err) {
    const cause = err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err);
    throw new HarnessError(`the key decision failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${cause}`);
  }
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

type Check = { attempts: number; mismatches: number; examples: string[]; changedByKey: number };

/**
 * Every submitted attempt at the test, read from the database by the harness, scored again from its
 * stored choices: a single-answer question earns the section's marks when the chosen option is in the
 * key (the decided one for the decided question, the bank's for the others), loses its negative marks
 * otherwise, and nothing when unanswered (or answered and marked for review in a test where that does
 * not count). Also counts the attempts whose score the decision moves (the old key against the new).
 */
async function recompute(reader: DbReader, test: ExamTest, decided: { questionId: string; oldKey: number[]; newKey: number[] }): Promise<Check> {
  const attempts = await reader.all<{ id: string; score: number | string | null; correct: number | string; wrong: number | string; marked_answered_counts: number | string }>(
    `select id, score, correct, wrong, marked_answered_counts from attempts where test_id = ? and status = 'submitted' order by id`,
    [test.id],
  );
  const out: Check = { attempts: attempts.length, mismatches: 0, examples: [], changedByKey: 0 };
  for (let from = 0; from < attempts.length; from += 1000) {
    const slice = attempts.slice(from, from + 1000);
    const answers = await reader.all<{ attempt_id: string; question_id: string; choice: string; marked_for_review: number | string }>(
      `select attempt_id, question_id, choice, marked_for_review from attempt_answers where attempt_id in (${slice.map(() => '?').join(', ')})`,
      slice.map((a) => a.id),
    );
    const byAttempt = new Map<string, typeof answers>();
    for (const a of answers) {
      const list = byAttempt.get(a.attempt_id);
      if (list) list.push(a);
      else byAttempt.set(a.attempt_id, [a]);
    }
    for (const attempt of slice) {
      const counts = Number(attempt.marked_answered_counts) === 1;
      let score = 0;
      let correct = 0;
      let wrong = 0;
      let oldMark = 0;
      let newMark = 0;
      for (const answer of byAttempt.get(attempt.id) ?? []) {
        const choice = JSON.parse(answer.choice) as number[];
        if (choice.length === 0 || (Number(answer.marked_for_review) === 1 && !counts)) continue;
        const markBy = (key: number[]) => (key.includes(choice[0]!) ? EXAM_SCALE.marks : -EXAM_SCALE.negativeMarks);
        const key = answer.question_id === decided.questionId ? decided.newKey : test.positions.get(answer.question_id)?.correct;
        if (!key) throw new HarnessError(`attempt ${attempt.id} answered ${answer.question_id}, which is not in the test`);
        const mark = markBy(key);
        score += mark;
        if (mark > 0) correct++;
        else wrong++;
        if (answer.question_id === decided.questionId) [oldMark, newMark] = [markBy(decided.oldKey), mark];
      }
      if (oldMark !== newMark) out.changedByKey++;
      const stored = attempt.score === null ? null : Number(attempt.score);
      if (stored === null || round4(stored) !== round4(score) || Number(attempt.correct) !== correct || Number(attempt.wrong) !== wrong) {
        out.mismatches++;
        if (out.examples.length < 5) out.examples.push(`${attempt.id}: stored ${stored} (${attempt.correct} right, ${attempt.wrong} wrong), recomputed ${round4(score)} (${correct} right, ${wrong} wrong)`);
      }
    }
  }
  return out;
}

/** What a decision may change, as read from the database: every attempt's totals and every stored answer to the question. */
async function fingerprint(reader: DbReader, testId: string, questionId: string): Promise<string> {
  const attempts = await reader.all(`select id, score, correct, wrong, partial, unattempted from attempts where test_id = ? order by id`, [testId]);
  const answers = await reader.all(`select attempt_id, mark, outcome from attempt_answers where question_id = ? order by attempt_id`, [questionId]);
  return createHash('sha256').update(JSON.stringify([attempts, answers])).digest('hex');
}

/** Waits until the outbox holds `count` mails; answers the time it took, or null when it did not within the limit. */
async function outboxFilled(dataDir: string, count: number, limitMs: number): Promise<{ ms: number | null; mails: number }> {
  const started = performance.now();
  let mails = 0;
  while (performance.now() - started < limitMs) {
    mails = (await readdir(join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).length;
    if (mails >= count) return { ms: performance.now() - started, mails };
    await sleep(250);
  }
  return { ms: null, mails };
}

type DialectRun = { rows: Row[]; targets: TargetCheck[]; notes: string[]; mismatches: number; examples: string[]; windowUs: [number, number]; raw: unknown };

async function runDialect(ctx: BenchContext, dialect: Dialect): Promise<DialectRun> {
  const began = performance.now();
  const { server, env, dispose } = await freshServer(ctx, dialect);
  try {
    const sub: BenchContext = { ...ctx, server, serverEnv: env, login: (email, password) => signIn(server.baseUrl, email, password) };
    const test = await ensureExamTest(sub, SLUG, ['single', 'truefalse']);
    const out = join(ctx.workDir, `remark-${dialect}-attempts.json`);
    ctx.log(`${dialect}: seeding ${ATTEMPTS.toLocaleString('en-US')} candidates and their submitted attempts (bench/seed/ranked-attempts.ts)`);
    const seedWallMs = await runSeedScript(sub, 'ranked-attempts', ['--slug', test.slug, '--count', String(ATTEMPTS), '--rank-reads', '0', '--out', out]);
    const seeded = JSON.parse(await readFile(out, 'utf8')) as { ms: number; attempts: number };
    ctx.log(`${dialect}: seeded in ${(seedWallMs / 1000).toFixed(1)} s`);
    // The seed's pages written out now rather than by a checkpoint in the middle of the measurement.
    if (dialect === 'postgres') await checkpointPostgres(PG_ADMIN_URL);

    // The first question with four options or more: its key moves to the next option.
    const questionId = test.questionIds.find((id) => (test.positions.get(id)?.options ?? 0) >= 4) ?? test.questionIds[0]!;
    const { correct: oldKey, options } = test.positions.get(questionId)!;
    const newKey = [(oldKey[0]! + 1) % options];
    const body = { testId: test.id, action: 'change', correctOptionIds: newKey.map((p) => String.fromCharCode(65 + p)), note: 'The key was wrong: the right option is the next one' };

    const headers = { authorization: `Bearer ${(await signIn(server.baseUrl, CANDIDATE.email, CANDIDATE.password)).token}` };
    const editor = (await signIn(server.baseUrl, EDITOR.email, EDITOR.password)).token;
    ctx.log(`${dialect}: profile load without re-marking (baseline)`);
    const { window: idle } = await profileWhile(server, headers, ctx.settings.warmupS, () => sleep(ctx.settings.durationS * 1000));
    ctx.log(`${dialect}: changing the key while the profile is loaded`);
    const { window: during, result: change } = await profileWhile(server, headers, ctx.settings.warmupS, () => decide(server, editor, questionId, body));
    ctx.log(`${dialect}: re-marked ${change.reply.remarked} attempts in ${(change.ms / 1000).toFixed(2)} s, ${change.reply.changed} scores changed; profile p99 ${during.p99Ms} ms (baseline ${idle.p99Ms} ms)`);
    if (change.reply.remarked !== ATTEMPTS) throw new HarnessError(`${dialect}: the decision re-marked ${change.reply.remarked} attempts, expected ${ATTEMPTS}`);

    const reader = await openReader(env.DATABASE_URL);
    let check: Check;
    let again: { ms: number; reply: Decided['data'] };
    let unchanged: boolean;
    try {
      const t0 = performance.now();
      check = await recompute(reader, test, { questionId, oldKey, newKey });
      ctx.log(`${dialect}: recomputed ${check.attempts} attempts in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${check.mismatches} mismatches`);
      // The same decision again changes nothing.
      const before = await fingerprint(reader, test.id, questionId);
      again = await decide(server, editor, questionId, body);
      unchanged = (await fingerprint(reader, test.id, questionId)) === before;
    } finally {
      await reader.close();
    }
    const mail = await outboxFilled(env.DATA_DIR, change.reply.changed, 120_000);

    // The server's CPU per profile request: alone, and with the re-marking's own CPU spread over them.
    const cpuPerRequestUs = (w: Window) => (w.cpuMs !== null ? (w.cpuMs * 1000) / w.requests : null);
    const [idleCpuUs, duringCpuUs] = [cpuPerRequestUs(idle), cpuPerRequestUs(during)];
    const [idleProbeP99, duringProbeP99] = [quantile(idle.probes, 0.99), quantile(during.probes, 0.99)];
    const label = (s: string) => `${dialect}: ${s}`;
    const rows: Row[] = [
      {
        label: label(`key change, ${ATTEMPTS.toLocaleString('en-US')} attempts`),
        reqPerSec: null,
        p50Ms: null,
        p99Ms: null,
        peakRssMb: null,
        ratio: null,
        note: `${(change.ms / 1000).toFixed(2)} s, ${change.reply.changed.toLocaleString('en-US')} scores changed${during.cpuMs !== null ? `, server CPU ${(during.cpuMs / 1000).toFixed(2)} s over it (profile load included)` : ''}`,
      },
      { label: label('profile during re-marking'), reqPerSec: during.reqPerSec, p50Ms: during.p50Ms, p99Ms: during.p99Ms, peakRssMb: null, ratio: during.reqPerSec / idle.reqPerSec, note: `max ${during.maxMs} ms${duringCpuUs !== null ? `, CPU ${Math.round(duringCpuUs)} µs/request with the re-marking's` : ''}` },
      { label: label(`profile probe every ${PROBE_EVERY_MS} ms, re-marking`), reqPerSec: null, p50Ms: quantile(during.probes, 0.5), p99Ms: duringProbeP99, peakRssMb: null, ratio: null, note: `max ${Math.round(during.probes.at(-1) ?? NaN)} ms, ${during.probes.length} probes` },
      {
        label: label('profile, no re-marking (baseline)'),
        reqPerSec: idle.reqPerSec,
        p50Ms: idle.p50Ms,
        p99Ms: idle.p99Ms,
        peakRssMb: null,
        ratio: 1,
        ...(idleCpuUs !== null ? { note: `CPU ${Math.round(idleCpuUs)} µs/request` } : {}),
      },
      { label: label(`profile probe every ${PROBE_EVERY_MS} ms, baseline`), reqPerSec: null, p50Ms: quantile(idle.probes, 0.5), p99Ms: idleProbeP99, peakRssMb: null, ratio: null, note: `max ${Math.round(idle.probes.at(-1) ?? NaN)} ms` },
    ];
    const targets: TargetCheck[] = [
      maxValue(label('key change re-marking 10,000 attempts'), change.ms / 1000, MAX_REMARK_MS / 1000, 's'),
      maxValue(label(`profile p99 during re-marking (autocannon; baseline ${idle.p99Ms} ms)`), during.p99Ms, MAX_P99_MS, 'ms'),
      maxValue(label(`profile p99 during re-marking (open-loop probe; baseline ${idleProbeP99.toFixed(1)} ms)`), duringProbeP99, MAX_P99_MS, 'ms'),
      { name: label('scores recomputed by the harness'), target: '0 mismatches', actual: `${check.mismatches} of ${check.attempts.toLocaleString('en-US')}`, pass: check.mismatches === 0 && check.attempts === ATTEMPTS },
      { name: label('scores changed as the harness counts'), target: `${check.changedByKey.toLocaleString('en-US')}`, actual: `${change.reply.changed.toLocaleString('en-US')}`, pass: change.reply.changed === check.changedByKey },
      {
        name: label('the same decision again'),
        target: '0 changed, totals and marks as they were',
        actual: `${again.reply.changed} changed, totals and marks ${unchanged ? 'as they were' : 'moved'}`,
        pass: again.reply.changed === 0 && unchanged,
      },
    ];
    const notes = [
      `${dialect}: ${((performance.now() - began) / 1000).toFixed(0)} s from the server's start to the last check; ${seeded.attempts.toLocaleString('en-US')} submitted attempts by as many candidates seeded in ${(seeded.ms / 1000).toFixed(1)} s (${(seedWallMs / 1000).toFixed(1)} s with the process start); the key of question ${test.questionIds.indexOf(questionId) + 1} moved from ${String.fromCharCode(65 + oldKey[0]!)} to ${body.correctOptionIds.join('')}; the same decision again took ${(again.ms / 1000).toFixed(2)} s`,
      `${dialect}: ${mail.mails.toLocaleString('en-US')} score-change mails written to the outbox (no SMTP_URL)${mail.ms !== null ? `, the last ${(mail.ms / 1000).toFixed(1)} s after the checks` : ', fewer than the scores changed within 120 s'}`,
    ];
    return { rows, targets, notes, mismatches: check.mismatches, examples: check.examples, windowUs: during.windowUs, raw: { dialect, seeded, seedWallMs, change, again, idle: { ...idle, probes: undefined, probeP99Ms: idleProbeP99 }, during: { ...during, probes: undefined, probeP99Ms: duringProbeP99 }, check, mail } };
  } finally {
    await dispose();
  }
}

const scenario: Scenario = {
  name: 'remark',
  title: `POST /api/admin/questions/:id/key-decisions (change) re-marking ${ATTEMPTS.toLocaleString('en-US')} submitted ${EXAM_QUESTIONS}-question attempts while GET /api/users/profile is loaded (${CONNECTIONS} connections), on ${DIALECTS.join(' and ')}`,
  async run(ctx) {
    const runs: DialectRun[] = [];
    for (const dialect of DIALECTS) {
      if (dialect !== 'sqlite' && dialect !== 'postgres') throw new HarnessError(`BENCH_REMARK_DIALECTS names ${dialect}: sqlite or postgres`);
      runs.push(await runDialect(ctx, dialect));
    }
    const wrong = runs.filter((r) => r.mismatches > 0);
    if (wrong.length > 0) {
      throw new HarnessError(
        `stored scores differ from the harness's recomputation:\n${wrong.map((r) => r.examples.map((e) => `  ${e}`).join('\n')).join('\n')}\n${runs.flatMap((r) => r.targets.map((t) => `  ${t.pass ? 'PASS' : 'MISS'} ${t.name}: ${t.actual}`)).join('\n')}`,
      );
    }
    return {
      rows: runs.flatMap((r) => r.rows),
      targets: runs.flatMap((r) => r.targets),
      notes: [
        ...runs.flatMap((r) => r.notes),
        `each dialect runs on a server of its own with a fresh database (PostgreSQL: a new database on BENCH_PG_URL, dropped afterwards); the baseline is the same profile load on that server just before the key change; CPU is the server process's own (PostgreSQL's work is in its processes)`,
      ],
      // The re-marking windows, for bench/analyse-profile.ts --scenario remark.
      raw: { dialects: runs.map((r) => r.raw), windowsUs: runs.map((r) => r.windowUs) },
    };
  },
};

export default scenario;
