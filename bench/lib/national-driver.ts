/**
 * The candidates of `national-mock`, run as a process of their own so that playing them does not
 * take the server's CPU inside the harness: `node --import tsx bench/lib/national-driver.ts <plan.json> <report.json>`.
 * It plays the proxy in front of the server processes: candidates are given to the servers in turn,
 * and one whose server stops answering moves to another (a refused connection marks a server gone).
 * A request that fails as the exam screen would retry it (no answer, 5xx, 408, 429) is sent again,
 * a save with the same seq, so no acknowledged save is lost. It prints one JSON line of progress a
 * second on stdout and writes its report (latencies, acknowledged saves, errors, retries) at the end.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { keysOf, saveBody, saveOrder, type Acked } from './exam-candidate.js';
import { HttpClient, random, type Attempt, type Reply } from './exam-client.js';

export type DriverPlan = {
  servers: string[];
  candidates: { token: string }[];
  slug: string;
  /** Per question, the HTML of its right options. */
  keys: [string, string[]][];
  questions: number;
  thinkMs: number;
  startSpreadMs: number;
  revisits: number;
  /** Real seconds a compressed second of thinking stands for (timeSpentMs sent with a save). */
  stretch: number;
  seed: number;
  deviceTag: string;
};

export type Progress = { at: number; started: number; saves: number; submitted: number; results: number; savesByServer: number[]; retries: number; errors: number };

export type DriverReport = {
  latencies: { start: number[]; save: number[]; submit: number[]; result: number[] };
  acked: [string, [string, number, number][]][];
  errors: Record<string, number>;
  retries: Record<string, number>;
  notApplied: number;
  moved: number;
  loopMaxMs: number;
  loopP99Ms: number;
  cpuMs: number;
  wallMs: number;
};

/** A request still failing this long after its first try counts as failed for good. */
const GIVE_UP_MS = 600_000;
/** Compressed retry delays: the exam screen's back-off, a tenth of it. */
const RETRY_DELAYS_MS = [100, 200, 500, 1000, 2000, 3000];
/** A refusal's `Retry-After` is waited as the think time is: compressed by the same tenth. */
const RETRY_AFTER_SCALE = 0.1;

const [planFile, reportFile] = process.argv.slice(2);
if (!planFile || !reportFile) throw new Error('usage: national-driver.ts <plan.json> <report.json>');
const plan = JSON.parse(await readFile(planFile, 'utf8')) as DriverPlan;
const keys = new Map(plan.keys.map(([id, right]) => [id, new Set(right)]));
const gone = new Set<number>();
const lat: DriverReport['latencies'] = { start: [], save: [], submit: [], result: [] };
const acked: Acked = new Map();
const errors = new Map<string, number>();
const retries = new Map<string, number>();
const counts = { started: 0, submitted: 0, results: 0, notApplied: 0, moved: 0, savesByServer: plan.servers.map(() => 0) };
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const total = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);

/** One candidate's connection, as a proxy would hold it: to a server, moved when that server is gone. */
class Seat {
  server: number;
  http: HttpClient;
  constructor(
    n: number,
    readonly headers: Record<string, string>,
  ) {
    this.server = n % plan.servers.length;
    this.http = new HttpClient(plan.servers[this.server]!, 1);
  }

  private move(): void {
    const alive = plan.servers.map((_, i) => i).filter((i) => !gone.has(i));
    if (alive.length === 0) {
      // Behind a proxy with no server left every candidate would wait for good: the run is over.
      process.stderr.write('every server process refuses connections\n');
      process.exit(3);
    }
    if (!gone.has(this.server)) return;
    this.http.close();
    this.server = alive[(this.server + 1) % alive.length]!;
    this.http = new HttpClient(plan.servers[this.server]!, 1);
    counts.moved += 1;
  }

  /** Sends until an answer the exam screen would not retry; answers it and the server that gave it. */
  async send(what: string, method: string, path: string, body?: unknown): Promise<{ reply: Reply; server: number } | null> {
    const first = performance.now();
    for (let tries = 0; performance.now() - first < GIVE_UP_MS; tries++) {
      const server = this.server;
      let wait = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)]! * (0.5 + Math.random());
      try {
        const reply = await this.http.request(method, path, this.headers, body);
        if (reply.status < 500 && reply.status !== 408 && reply.status !== 429) return { reply, server };
        bump(retries, `${what} answered ${reply.status}${reply.status >= 500 ? ` ${errorCode(reply)}` : ''}`);
        // The exam screen waits as long as a refusal asks before it sends again.
        if (reply.retryAfterMs !== undefined) wait = Math.max(wait, reply.retryAfterMs * RETRY_AFTER_SCALE);
      } catch (err) {
        const code = (err as { code?: string }).code ?? (err instanceof Error ? err.message.replace(/(GET|PUT|POST) \/\S+ /, '') : String(err));
        bump(retries, `${what}: ${code}`);
        if (code === 'ECONNREFUSED') gone.add(server);
        this.move();
      }
      await sleep(wait);
    }
    bump(errors, `${what}: no answer within ${GIVE_UP_MS / 1000} s of tries`);
    return null;
  }
}

function errorCode(reply: Reply): string {
  try {
    return (JSON.parse(reply.text) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
}

async function candidate(n: number): Promise<void> {
  const rnd = random(plan.seed + n);
  const ability = 0.35 + 0.55 * rnd();
  await sleep((plan.startSpreadMs * n) / plan.candidates.length);
  const seat = new Seat(n, { authorization: `Bearer ${plan.candidates[n]!.token}`, 'x-device-id': `${plan.deviceTag}-${n + 1}` });
  try {
    await sit(seat, rnd, ability);
  } finally {
    seat.http.close();
  }
}

async function sit(seat: Seat, rnd: () => number, ability: number): Promise<void> {
  const started = await seat.send('start', 'POST', `/api/tests/${plan.slug}/attempts`);
  if (!started) return;
  if (started.reply.status !== 201 && started.reply.status !== 200) return void bump(errors, `start answered ${started.reply.status}`);
  lat.start.push(started.reply.ms);
  counts.started += 1;
  const attempt = (JSON.parse(started.reply.text) as { data: Attempt }).data;
  const mine = new Map<string, { acked: number; sent: number }>();
  acked.set(attempt.id, mine);
  let seq = attempt.lastSeq;
  for (const key of saveOrder(keysOf(keys, attempt.questions), plan.revisits, rnd)) {
    const think = 2 * plan.thinkMs * rnd();
    await sleep(think);
    seq += 1;
    const body = saveBody(key, ability, rnd, seq, think, plan.stretch);
    const mark = mine.get(key.questionId) ?? { acked: 0, sent: 0 };
    mark.sent = seq;
    mine.set(key.questionId, mark);
    const saved = await seat.send('save', 'PUT', `/api/attempts/${attempt.id}/answers/${key.questionId}`, body);
    if (!saved) continue;
    if (saved.reply.status !== 200) {
      bump(errors, `save answered ${saved.reply.status} ${errorCode(saved.reply)}`);
      continue;
    }
    lat.save.push(saved.reply.ms);
    counts.savesByServer[saved.server]! += 1;
    // A retried save the first try had stored answers applied: false with the same seq: acknowledged all the same.
    const data = (JSON.parse(saved.reply.text) as { data: { seq: number } }).data;
    if (data.seq !== seq) counts.notApplied += 1;
    else mark.acked = seq;
  }
  const submitted = await seat.send('submit', 'POST', `/api/attempts/${attempt.id}/submit`);
  if (!submitted) return;
  if (submitted.reply.status !== 200) return void bump(errors, `submit answered ${submitted.reply.status} ${errorCode(submitted.reply)}`);
  lat.submit.push(submitted.reply.ms);
  counts.submitted += 1;
  const r = (JSON.parse(submitted.reply.text) as { data: { correct: number; wrong: number; partial: number; unattempted: number } }).data;
  if (r.correct + r.wrong + r.partial + r.unattempted !== plan.questions) bump(errors, 'a result that does not add up to the questions');
  const result = await seat.send('result', 'GET', `/api/attempts/${attempt.id}/result`);
  if (!result) return;
  if (result.reply.status !== 200) return void bump(errors, `result answered ${result.reply.status} ${errorCode(result.reply)}`);
  lat.result.push(result.reply.ms);
  counts.results += 1;
}

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const cpuFrom = process.cpuUsage();
const from = performance.now();
const progress = (): Progress => ({
  at: Date.now(),
  started: counts.started,
  saves: lat.save.length,
  submitted: counts.submitted,
  results: counts.results,
  savesByServer: [...counts.savesByServer],
  retries: total(retries),
  errors: total(errors),
});
const ticker = setInterval(() => process.stdout.write(`${JSON.stringify({ progress: progress() })}\n`), 1000);
try {
  await Promise.all(plan.candidates.map((_, n) => candidate(n)));
} finally {
  clearInterval(ticker);
  loop.disable();
}
process.stdout.write(`${JSON.stringify({ progress: progress() })}\n`);
const cpu = process.cpuUsage(cpuFrom);
const report: DriverReport = {
  latencies: lat,
  acked: [...acked].map(([id, qs]) => [id, [...qs].map(([q, m]) => [q, m.acked, m.sent] as [string, number, number])]),
  errors: Object.fromEntries(errors),
  retries: Object.fromEntries(retries),
  notApplied: counts.notApplied,
  moved: counts.moved,
  loopMaxMs: loop.max / 1e6,
  loopP99Ms: loop.percentile(99) / 1e6,
  cpuMs: (cpu.user + cpu.system) / 1000,
  wallMs: performance.now() - from,
};
await writeFile(reportFile, JSON.stringify(report));
