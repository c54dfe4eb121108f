import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { BoardViewer } from '../lib/board-viewer.js';
import { pool } from '../lib/content-setup.js';
import { createContestPaper, PAPER_QUESTIONS, seedRunningContest, type ContestPaper, type SeededEntrant } from '../lib/contest-setup.js';
import { HttpClient, quantile, type Attempt } from '../lib/exam-client.js';
import { maxValue, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { HarnessError, needOpenFiles, readCpuMs, RssMonitor } from '../lib/server.js';

/**
 * The live board's fan-out: thousands of viewers hold GET /api/contests/:id/leaderboard/stream open
 * on a running contest (2,000 participants, 300 submitted, 300 playing), then one more participant
 * plays the paper through the API (starts, answers every question right, submits) and each viewer's
 * delay is measured from the submission's 200 to the first `board` event naming the candidate, who
 * is ranked first with the paper's full score (no seeded score reaches it). Twice: with anonymous
 * viewers (one board for all), and with the viewers signed in as participants (the board with each
 * one's own row).
 */

const numberFromEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new HarnessError(`${name} must be a whole number ≥ 1, got "${raw}"`);
  return n;
};

const VIEWERS = numberFromEnv('BENCH_FANOUT_VIEWERS', 2_000);
const SUBMITTED = 300;
const PLAYING = 300;
/** Viewers connecting at once while the crowd gathers. */
const CONNECTING = 100;
const FIRST_BOARD_TIMEOUT_MS = 30_000;
/** How long after the submission a viewer may still receive the board before it counts as missed. */
const WAIT_MS = 15_000;
/** Quiet before the submission, so the boards of the candidate's saves have gone out. */
const SETTLE_MS = 2_000;
const MAX_P99_MS = 2_000;
const ROUNDS = numberFromEnv('BENCH_ROUNDS', 1);

type Phase = { key: 'anonymous' | 'participants'; label: string };
const PHASES: Phase[] = [
  { key: 'anonymous', label: 'anonymous viewers' },
  { key: 'participants', label: 'participants watching' },
];

type PhaseResult = {
  phase: Phase;
  round: number;
  connected: number;
  connectFailures: string[];
  connectWallMs: number;
  firstBoardMs: number[];
  boardBytes: number;
  /** Per viewer: ms from the submission's 200 to the board naming the candidate; null when it never came. */
  delays: (number | null)[];
  submitMs: number;
  score: number;
  rank: number | null;
  boardsPerViewer: number;
  harnessLagMaxMs: number;
  harnessLagP99Ms: number;
  harnessCpuPct: number;
  serverCpuMs: number | null;
  serverPeakRssMb: number | null;
  windowUs: [number, number];
};

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** The candidate plays the paper through the API: starts, answers every question right (one save each), waits, then submits. */
async function play(baseUrl: string, contestId: string, paper: ContestPaper, who: SeededEntrant, device: string) {
  const http = new HttpClient(baseUrl, 1);
  const headers = { authorization: `Bearer ${who.token}`, 'x-device-id': device };
  try {
    const started = await http.request('POST', `/api/contests/${contestId}/attempt`, headers);
    if (started.status !== 200 && started.status !== 201) throw new HarnessError(`POST /api/contests/${contestId}/attempt answered ${started.status}: ${started.text.slice(0, 500)}`);
    const attempt = (JSON.parse(started.text) as { data: Attempt }).data;
    if (attempt.questions.length !== PAPER_QUESTIONS) throw new HarnessError(`the contest attempt has ${attempt.questions.length} questions, expected ${PAPER_QUESTIONS}`);
    let seq = 0;
    for (const q of attempt.questions) {
      const right = paper.keys.get(q.questionId) ?? new Set<string>();
      const optionIds = q.options.filter((o) => right.has(o.html)).map((o) => o.id);
      const reply = await http.request('PUT', `/api/attempts/${attempt.id}/answers/${q.questionId}`, headers, { optionIds, markedForReview: false, confidence: 'sure', seq: ++seq, timeSpentMs: 20_000 });
      if (reply.status !== 200) throw new HarnessError(`saving an answer answered ${reply.status}: ${reply.text.slice(0, 300)}`);
    }
    return {
      submit: async () => {
        const reply = await http.request('POST', `/api/attempts/${attempt.id}/submit`, headers).finally(() => http.close());
        const at = performance.now();
        if (reply.status !== 200) throw new HarnessError(`POST /api/attempts/${attempt.id}/submit answered ${reply.status}: ${reply.text.slice(0, 500)}`);
        return { at, ms: reply.ms, score: (JSON.parse(reply.text) as { data: { score: number } }).data.score };
      },
    };
  } catch (err) {
    http.close();
    throw err;
  }
}

async function runPhase(
  ctx: Parameters<Scenario['run']>[0],
  paper: ContestPaper,
  contestId: string,
  phase: Phase,
  round: number,
  viewersAs: SeededEntrant[],
  submitter: SeededEntrant,
): Promise<PhaseResult> {
  const base = ctx.server.baseUrl;
  const path = `/api/contests/${contestId}/leaderboard/stream`;
  const viewers: BoardViewer[] = [];
  const connectFailures: string[] = [];
  try {
    ctx.log(`${phase.label}: ${VIEWERS.toLocaleString('en-US')} viewers connecting, ${CONNECTING} at a time`);
    const connectFrom = performance.now();
    await pool(
      Array.from({ length: VIEWERS }, (_, i) => async () => {
        const v = new BoardViewer(base, path, phase.key === 'participants' ? { authorization: `Bearer ${viewersAs[i]!.token}` } : {});
        viewers.push(v);
        try {
          await v.ready(FIRST_BOARD_TIMEOUT_MS);
          if (v.error) connectFailures.push(v.error);
        } catch (err) {
          connectFailures.push(err instanceof Error ? err.message : String(err));
        }
      }),
      CONNECTING,
    );
    const connectWallMs = performance.now() - connectFrom;
    const open = viewers.filter((v) => v.firstBoardAt !== null && !v.error);
    ctx.log(`${phase.label}: ${open.length} viewers hold a board after ${(connectWallMs / 1000).toFixed(1)} s${connectFailures.length ? `; ${connectFailures.length} failed (${connectFailures[0]})` : ''}`);
    if (open.length === 0) throw new HarnessError(`no viewer got a board from GET ${path}: ${connectFailures[0] ?? 'unknown'}`);

    const game = await play(base, contestId, paper, submitter, `bench-fanout-${phase.key}-${round}`);
    await sleep(SETTLE_MS);
    const boardsBefore = viewers.reduce((s, v) => s + v.boards, 0);
    viewers.forEach((v, i) => v.watch(submitter.name, i === 0));
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const cpuFrom = process.cpuUsage();
    const serverCpuFrom = await readCpuMs(ctx.server.pid);
    const wallFrom = performance.now();
    const fromUs = monotonicUs();
    const submitted = await game.submit();
    const deadline = submitted.at + WAIT_MS;
    while (performance.now() < deadline && open.some((v) => v.seenAt === null && !v.error)) await sleep(20);
    const wallMs = performance.now() - wallFrom;
    const toUs = monotonicUs();
    lag.disable();
    const cpu = process.cpuUsage(cpuFrom);
    const serverCpuTo = await readCpuMs(ctx.server.pid);

    // The board a viewer saw: the candidate must be on it as submitted, with the score the submission gave.
    let rank: number | null = null;
    const seen = viewers[0]?.seenBoard;
    if (seen) {
      const board = (JSON.parse(seen) as { rows: { name: string; state: string; score: number | null; rank: number }[] }).rows.find((r) => r.name === submitter.name);
      if (!board || board.state !== 'submitted' || board.score !== submitted.score) throw new HarnessError(`the board naming ${submitter.name} shows ${JSON.stringify(board)}, expected submitted with score ${submitted.score}`);
      rank = board.rank;
    }
    const delays = viewers.map((v) => (v.seenAt === null ? null : v.seenAt - submitted.at));
    return {
      phase,
      round,
      connected: open.length,
      connectFailures,
      connectWallMs,
      firstBoardMs: open.map((v) => v.firstBoardAt! - v.openedAt).sort((x, y) => x - y),
      boardBytes: open[0]?.firstBoardBytes ?? 0,
      delays,
      submitMs: submitted.ms,
      score: submitted.score,
      rank,
      boardsPerViewer: (viewers.reduce((s, v) => s + v.boards, 0) - boardsBefore) / Math.max(1, open.length),
      harnessLagMaxMs: lag.max / 1e6,
      harnessLagP99Ms: lag.percentile(99) / 1e6,
      harnessCpuPct: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      serverCpuMs: serverCpuFrom !== null && serverCpuTo !== null ? serverCpuTo - serverCpuFrom : null,
      serverPeakRssMb: null,
      windowUs: [fromUs, toUs],
    };
  } finally {
    for (const v of viewers) v.close();
    // Give the server a moment to see the viewers go before the next phase connects its own.
    await sleep(500);
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

const boardFanout: Scenario = {
  name: 'board-fanout',
  title: `GET /api/contests/:id/leaderboard/stream: ${fmt(VIEWERS)} viewers connected, the delay from a submission's 200 to each viewer's board showing it`,
  async run(ctx) {
    await needOpenFiles(VIEWERS);
    const paper = await createContestPaper(ctx, 'bench-board-fanout');
    const named = PHASES.length * ROUNDS;
    ctx.log(`seeding a running contest with ${fmt(VIEWERS)} participants and ${named} more to play (bench/seed/contest-board.ts)`);
    const seeded = await seedRunningContest(ctx, paper, { prefix: 'fanout', entries: VIEWERS, submitted: Math.min(SUBMITTED, VIEWERS), playing: Math.min(PLAYING, Math.max(0, VIEWERS - SUBMITTED)), named });
    ctx.log(`seeded in ${(seeded.wallMs / 1000).toFixed(1)} s`);
    const viewersAs = seeded.entrants.slice(0, VIEWERS);
    const submitters = seeded.entrants.slice(VIEWERS);

    const results: PhaseResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, phase] of PHASES.entries()) {
        const monitor = new RssMonitor(ctx.server.pid);
        await monitor.start();
        const r = await runPhase(ctx, paper, seeded.contestId, phase, round, viewersAs, submitters[(round - 1) * PHASES.length + i]!);
        r.serverPeakRssMb = await monitor.stop();
        const got = r.delays.filter((d): d is number => d !== null).sort((x, y) => x - y);
        ctx.log(`${phase.label}: ${got.length}/${VIEWERS} saw the submission, p50 ${quantile(got, 0.5).toFixed(0)} ms, p99 ${quantile(got, 0.99).toFixed(0)} ms`);
        results.push(r);
      }
    }

    const rows: Row[] = [];
    const targets: TargetCheck[] = [];
    const notes: string[] = [];
    for (const phase of PHASES) {
      const mine = results.filter((r) => r.phase.key === phase.key);
      const delays = mine.flatMap((r) => r.delays);
      const got = delays.filter((d): d is number => d !== null).sort((x, y) => x - y);
      const missed = delays.length - got.length;
      const first = mine.flatMap((r) => r.firstBoardMs).sort((x, y) => x - y);
      const peak = Math.max(...mine.map((r) => r.serverPeakRssMb ?? 0)) || null;
      rows.push({
        label: `${phase.label}: connect to first board`,
        reqPerSec: null,
        p50Ms: first.length ? quantile(first, 0.5) : null,
        p99Ms: first.length ? quantile(first, 0.99) : null,
        peakRssMb: null,
        ratio: null,
        note: `${fmt(first.length)} connected, ${CONNECTING} at a time, in ${(Math.max(...mine.map((r) => r.connectWallMs)) / 1000).toFixed(1)} s; a board is ${fmt(mine[0]?.boardBytes ?? 0)} bytes`,
      });
      rows.push({
        label: `${phase.label}: submission to board`,
        reqPerSec: null,
        p50Ms: got.length ? quantile(got, 0.5) : null,
        p99Ms: got.length ? quantile(got, 0.99) : null,
        peakRssMb: peak,
        ratio: null,
        note: `${fmt(got.length)} of ${fmt(delays.length)} received, max ${got.length ? got[got.length - 1]!.toFixed(0) : '–'} ms, min ${got.length ? got[0]!.toFixed(0) : '–'} ms; ${mine.map((r) => r.boardsPerViewer.toFixed(1)).join('/')} boards per viewer meanwhile`,
      });
      targets.push({ name: `${phase.label}: all received`, target: `${fmt(delays.length)} of ${fmt(delays.length)}`, actual: `${fmt(got.length)}${missed ? ` (${fmt(missed)} missed within ${WAIT_MS / 1000} s)` : ''}`, pass: missed === 0 && got.length > 0 });
      targets.push(maxValue(`${phase.label}: p99 submission to board`, got.length ? quantile(got, 0.99) : null, MAX_P99_MS, 'ms'));
      for (const r of mine) {
        const failures = r.connectFailures.length ? `; ${r.connectFailures.length} viewers could not connect (${[...new Set(r.connectFailures)].slice(0, 3).join('; ')})` : '';
        notes.push(
          `${phase.label}${ROUNDS > 1 ? ` (round ${r.round})` : ''}: the submission took ${r.submitMs.toFixed(0)} ms and scored ${r.score} (rank ${r.rank ?? '–'} on the board seen); ` +
            `over the wait the server used ${r.serverCpuMs ?? '–'} ms of CPU, the harness ${r.harnessCpuPct.toFixed(0)}% of a core with its event loop lagging at most ${r.harnessLagMaxMs.toFixed(0)} ms (p99 ${r.harnessLagP99Ms.toFixed(0)} ms)${failures}`,
        );
      }
    }
    notes.unshift(
      `setup: the paper through the editor API; ${fmt(VIEWERS)} participants (${SUBMITTED} submitted, ${PLAYING} playing) and ${PHASES.length * ROUNDS} to play, written by bench/seed/contest-board.ts in ${(seeded.wallMs / 1000).toFixed(1)} s`,
      `each viewer is its own connection (node:http, no agent) reading the stream; a viewer's delay is from the moment the submission's 200 arrived to the first board event naming the candidate, both on the harness's clock (a board may arrive before the 200: negative delays are kept); the candidate started, saved ${PAPER_QUESTIONS} answers and waited ${SETTLE_MS / 1000} s before submitting`,
    );
    return { rows, targets, notes, raw: { viewers: VIEWERS, contestId: seeded.contestId, results: results.map(({ delays, firstBoardMs, ...r }) => ({ ...r, delaysMs: delays, firstBoardMs })), windowsUs: results.map((r) => r.windowUs) } };
  },
};

export default boardFanout;
