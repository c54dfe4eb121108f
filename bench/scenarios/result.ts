import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { candidateHeaders, HttpClient, random, startAttempt } from '../lib/exam-client.js';
import { EXAM_QUESTIONS, ensureExamTest } from '../lib/exam-setup.js';
import { abRows, maxValue, runAB, type AbSpec, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { runSeedScript, seedCandidates } from '../lib/seed.js';
import { HarnessError } from '../lib/server.js';

/**
 * GET /api/attempts/:id/result of a submitted 100-question attempt: first with the attempt the only
 * one the test has, then with 10,000 submitted first attempts at the test, when the rank and
 * percentile counts range over 10,000 scores. Both against a bare baseline building the same
 * document from the same rows. The rank read itself is also timed in a separate process on the
 * server's code, and the database's plan for it is shown: it must use attempts_rank_idx.
 */

const SLUG = 'bench-result';
const RANKED = 10_000;
const MAX_P99_MS = 20;
/** Candidates reading results at once, each asking again as soon as it has its answer. */
const CONNECTIONS = 10;

type Plans = { ms: number; attempts: number; rankRead: { reads: number; p50Us: number; p99Us: number }; plans: string[] };

/** One candidate takes the test through the API: every question answered, mostly right, then submitted. */
async function takeTest(ctx: Parameters<Scenario['run']>[0]): Promise<{ attemptId: string; headers: Record<string, string> }> {
  const test = await ensureExamTest(ctx, SLUG);
  const [candidate] = (await seedCandidates(ctx, 'result', 1)).candidates;
  const headers = candidateHeaders(candidate!, 'bench-result-1');
  const http = new HttpClient(ctx.server.baseUrl, 1);
  try {
    const { attempt } = await startAttempt(http, test.slug, headers);
    const rnd = random(0x2e5);
    let seq = 0;
    for (const q of attempt.questions) {
      const right = test.keys.get(q.questionId) ?? new Set<string>();
      const letters = q.options.filter((o) => right.has(o.html)).map((o) => o.id);
      const wrong = q.options.filter((o) => !right.has(o.html)).map((o) => o.id);
      const optionIds = rnd() < 0.7 || wrong.length === 0 ? letters : [wrong[Math.floor(rnd() * wrong.length)]!];
      const body = { optionIds, markedForReview: rnd() < 0.1, confidence: (['sure', 'fifty', 'guess', null] as const)[Math.floor(rnd() * 4)]!, seq: ++seq, timeSpentMs: 20_000 + Math.floor(rnd() * 40_000) };
      const reply = await http.request('PUT', `/api/attempts/${attempt.id}/answers/${q.questionId}`, headers, body);
      if (reply.status !== 200) throw new HarnessError(`saving an answer answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    }
    const submitted = await http.request('POST', `/api/attempts/${attempt.id}/submit`, headers);
    if (submitted.status !== 200) throw new HarnessError(`submitting answered ${submitted.status}: ${submitted.text.slice(0, 300)}`);
    return { attemptId: attempt.id, headers };
  } finally {
    http.close();
  }
}

async function getJson(url: string, headers: Record<string, string>): Promise<{ data: Record<string, unknown> }> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new HarnessError(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

const result: Scenario = {
  name: 'result',
  title: `GET /api/attempts/:id/result of a ${EXAM_QUESTIONS}-question attempt, alone and among ${RANKED.toLocaleString('en-US')} ranked attempts, vs bare Fastify + better-sqlite3`,
  async run(ctx) {
    const { attemptId, headers } = await takeTest(ctx);
    const path = `/api/attempts/${attemptId}/result`;
    const load = { path, headers, connections: CONNECTIONS };
    const compare = (expectCandidates: number): AbSpec['check'] => async (baselineUrl) => {
      const [real, bare] = await Promise.all([getJson(ctx.server.baseUrl + path, headers), getJson(baselineUrl + path, {})]);
      if (real.data.candidates !== expectCandidates) throw new HarnessError(`the result counts ${String(real.data.candidates)} candidates, expected ${expectCandidates}`);
      if (!isDeepStrictEqual(real.data, bare.data)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real.data).slice(0, 1500)}\n  bare ${JSON.stringify(bare.data).slice(0, 1500)}`);
    };

    ctx.log('the attempt alone at its test');
    const alone = await runAB(ctx, { baseline: { file: 'result-baseline.ts', env: { DB_FILE: await ctx.snapshotDb('result-alone') }, load }, subject: { load }, check: compare(1) });

    ctx.log(`seeding ${(RANKED - 1).toLocaleString('en-US')} more submitted first attempts at the test (bench/seed/ranked-attempts.ts)`);
    const out = join(ctx.workDir, 'ranked-attempts.json');
    const seedWallMs = await runSeedScript(ctx, 'ranked-attempts', ['--slug', SLUG, '--count', String(RANKED - 1), '--out', out]);
    const seeded = JSON.parse(await readFile(out, 'utf8')) as Plans;
    ctx.log(`seeded in ${(seedWallMs / 1000).toFixed(1)} s; rank read p50 ${seeded.rankRead.p50Us.toFixed(0)} µs, p99 ${seeded.rankRead.p99Us.toFixed(0)} µs`);
    for (const plan of seeded.plans) ctx.log(`plan: ${plan}`);

    ctx.log(`the attempt among ${RANKED.toLocaleString('en-US')}`);
    const among = await runAB(ctx, { baseline: { file: 'result-baseline.ts', env: { DB_FILE: await ctx.snapshotDb('result-among') }, load }, subject: { load }, check: compare(RANKED) });

    const [aloneServer, aloneBare] = abRows(alone);
    const [amongServer, amongBare] = abRows(among);
    const label = (r: Row, name: string): Row => ({ ...r, label: name });
    const rankRead: Row = { label: `rank read (in-process, ${RANKED.toLocaleString('en-US')} attempts)`, reqPerSec: null, p50Ms: seeded.rankRead.p50Us / 1000, p99Ms: seeded.rankRead.p99Us / 1000, peakRssMb: null, ratio: null, note: `${seeded.rankRead.reads} reads` };
    const indexed = seeded.plans.length === 2 && seeded.plans.every((p) => /attempts_rank_idx/.test(p.split(' → ')[1] ?? '') && !/SCAN attempts(?! USING)/.test(p));
    const targets: TargetCheck[] = [
      maxValue('p99 result, attempt alone', alone.subject.p99Ms, MAX_P99_MS, 'ms'),
      maxValue(`p99 result among ${RANKED.toLocaleString('en-US')} ranked attempts`, among.subject.p99Ms, MAX_P99_MS, 'ms'),
      maxValue('p99 rank read (in-process)', seeded.rankRead.p99Us / 1000, MAX_P99_MS, 'ms'),
      { name: 'rank counts use attempts_rank_idx', target: 'both counts search the index, no scan', actual: seeded.plans.map((p) => p.split(' → ')[1]).join('; '), pass: indexed },
    ];
    return {
      rows: [
        label(aloneServer!, 'abhyas, alone'),
        label(aloneBare!, 'baseline, alone'),
        label(amongServer!, `abhyas, among ${RANKED.toLocaleString('en-US')}`),
        label(amongBare!, `baseline, among ${RANKED.toLocaleString('en-US')}`),
        rankRead,
      ],
      targets,
      notes: [
        `the measured attempt was taken through the API (start, ${EXAM_QUESTIONS} saves, submit); ${(RANKED - 1).toLocaleString('en-US')} more submitted first attempts (${(seeded.attempts * EXAM_QUESTIONS).toLocaleString('en-US')} question rows, most answered and marked) were written by the attempts repository and the server's marking in ${(seeded.ms / 1000).toFixed(1)} s (${(seedWallMs / 1000).toFixed(1)} s with the process start)`,
        `${CONNECTIONS} connections; each side answers the same document (checked before loading); ratios are per pair, the baseline reading its own copy of the database taken at the same point`,
      ],
      raw: { alone, among, seeded, seedWallMs, windowsUs: [...alone.subject.rounds, ...among.subject.rounds].map((r) => r.windowUs) },
    };
  },
};

export default result;
