import { isDeepStrictEqual } from 'node:util';
import { createContestPaper, seedRunningContest } from '../lib/contest-setup.js';
import { abRows, maxValue, minValue, runAB, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { HarnessError } from '../lib/server.js';

/**
 * GET /api/contests/:id/leaderboard?limit=50 of a running contest with 10,000 confirmed participants
 * (8,500 submitted, 1,000 playing, 500 not started), read by one of them, signed in, so the page
 * carries the caller's own row. Against a bare Fastify answering a page computed once from the same
 * rows. Before any load, the server's page is checked against that independent ordering.
 */

const ENTRIES = 10_000;
const SUBMITTED = 8_500;
const PLAYING = 1_000;
const LIMIT = 50;
const MIN_RPS = 2_000;
const MAX_P99_MS = 50;

type BoardRow = { rank: number; name: string; score: number | null; answered: number; timeTakenMs: number | null; submittedAt: string | null; state: string; isMe: boolean };
type Board = { contestId: string; status: string; frozen: boolean; total: number; offset: number; rows: BoardRow[]; me: BoardRow | null };

/** What both sides must agree on: the order and figures, not the wording of names or the rule. */
const figures = (r: BoardRow | null) => (r ? { rank: r.rank, state: r.state, score: r.score, answered: r.answered, timeTakenMs: r.timeTakenMs, submittedAt: r.submittedAt, isMe: r.isMe } : null);

async function board(url: string, headers: Record<string, string>): Promise<Board> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new HarnessError(`GET ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: Board }).data;
}

/** The first difference between the server's page and the baseline's, in words; null when they agree. */
function difference(real: Board, bare: Board): string | null {
  if (real.total !== bare.total) return `total ${real.total}, expected ${bare.total}`;
  if (real.rows.length !== bare.rows.length) return `${real.rows.length} rows, expected ${bare.rows.length}`;
  for (let i = 0; i < real.rows.length; i++) {
    const [r, b] = [figures(real.rows[i]!), figures(bare.rows[i]!)];
    if (!isDeepStrictEqual(r, b)) return `row ${i + 1}: ${JSON.stringify(real.rows[i])}, expected ${JSON.stringify(b)}`;
  }
  if (!isDeepStrictEqual(figures(real.me), figures(bare.me))) return `me: ${JSON.stringify(real.me)}, expected ${JSON.stringify(figures(bare.me))}`;
  return null;
}

const leaderboard: Scenario = {
  name: 'leaderboard',
  title: `GET /api/contests/:id/leaderboard?limit=${LIMIT} of a running contest with ${ENTRIES.toLocaleString('en-US')} participants, signed in, vs bare Fastify answering a precomputed page`,
  async run(ctx) {
    const paper = await createContestPaper(ctx, 'bench-leaderboard');
    ctx.log(`seeding a running contest with ${ENTRIES.toLocaleString('en-US')} participants (bench/seed/contest-board.ts)`);
    const seeded = await seedRunningContest(ctx, paper, { prefix: 'leaderboard', entries: ENTRIES, submitted: SUBMITTED, playing: PLAYING });
    ctx.log(`seeded in ${(seeded.wallMs / 1000).toFixed(1)} s (${(seeded.ms / 1000).toFixed(1)} s in the script)`);

    // The reader: a participant who submitted, somewhere on the board.
    const submitters = seeded.entrants.filter((e) => e.state === 'submitted');
    const reader = submitters[Math.floor(submitters.length / 2)]!;
    const path = `/api/contests/${seeded.contestId}/leaderboard?limit=${LIMIT}`;
    const headers = { authorization: `Bearer ${reader.token}` };

    let first: Board | null = null;
    let mismatch: string | null = null;
    const ab = await runAB(ctx, {
      baseline: { file: 'leaderboard-baseline.ts', env: { DB_FILE: await ctx.snapshotDb('leaderboard'), CONTEST_ID: seeded.contestId }, load: { path, headers: { 'x-user-id': reader.userId } } },
      subject: { load: { path, headers } },
      check: async (baselineUrl) => {
        const [real, bare] = [await board(ctx.server.baseUrl + path, headers), await board(baselineUrl + path, { 'x-user-id': reader.userId })];
        first = real;
        if (real.status !== 'running' || real.frozen) throw new HarnessError(`the board is ${real.status}${real.frozen ? ', frozen' : ''}, expected running and not frozen`);
        mismatch = difference(real, bare);
        if (mismatch) ctx.log(`the server's board differs from the baseline's ordering: ${mismatch}`);
      },
    });

    const [server, bare] = abRows(ab);
    const page = first as Board | null;
    const targets: TargetCheck[] = [
      minValue('req/s', ab.subject.reqPerSec, MIN_RPS, 'req/s'),
      maxValue('p99 latency', ab.subject.p99Ms, MAX_P99_MS, 'ms'),
      {
        name: 'board as the rule orders it',
        target: `total ${ENTRIES.toLocaleString('en-US')}, the first ${LIMIT} rows and the caller's row as the baseline orders the same rows`,
        actual: mismatch ?? `agrees (caller at rank ${page?.me?.rank ?? '–'})`,
        pass: mismatch === null,
      },
    ];
    return {
      rows: [server!, bare!],
      targets,
      notes: [
        `setup: the paper through the editor API; ${ENTRIES.toLocaleString('en-US')} participants (${SUBMITTED.toLocaleString('en-US')} submitted, ${PLAYING.toLocaleString('en-US')} playing, the rest not started) with their accounts, entries and attempts written by bench/seed/contest-board.ts in ${(seeded.wallMs / 1000).toFixed(1)} s`,
        `${ctx.settings.connections} connections, all as one participant (rank ${page?.me?.rank ?? '–'}); the baseline reads a copy of the database taken after seeding and orders it itself, so the check compares the server's ordering with an independent one (ranks, states, scores, answers, times; not the wording of names)`,
      ],
      raw: { ab, contestId: seeded.contestId, mismatch, seedWallMs: seeded.wallMs, windowsUs: ab.subject.rounds.map((r) => r.windowUs) },
    };
  },
};

export default leaderboard;
