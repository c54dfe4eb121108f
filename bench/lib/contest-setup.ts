/**
 * Contest papers and contests for the contest scenarios. A paper is a 15-question test, the size of
 * the demo contests' papers, created and published through the editor API as the exam scenarios'
 * tests are (`editor@abhyas.test`); one scenario's paper is never another's. An upcoming contest is
 * created through `POST /api/admin/contests` as that editor; a running contest with thousands of
 * participants part-way through is seeded by bench/seed/contest-board.ts, since the API opens a
 * contest only in the future and its participants would need hours of real play.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { call } from './content-setup.js';
import { EDITOR, publishedQuestions } from './exam-setup.js';
import type { BenchContext } from './scenario.js';
import { runSeedScript } from './seed.js';
import { HarnessError } from './server.js';

export const PAPER_QUESTIONS = 15;
/** Marks per right answer and per wrong one on a contest paper. */
export const PAPER_MARKS = { marks: 4, negativeMarks: 1 } as const;
/**
 * Long, so that no attempt seeded on a paper falls due during a whole `npm run bench`: the server
 * would submit hundreds at once in the middle of another scenario's measurement.
 */
export const PAPER_MINUTES = 180;

export type ContestPaper = {
  id: string;
  slug: string;
  questionIds: string[];
  /** Per question: the HTML of its right options, to recognise them whatever letter a candidate sees them under. */
  keys: Map<string, Set<string>>;
  maxScore: number;
  setupMs: number;
};

/** A 15-question paper (one section, +4/−1, 180 minutes, options shuffled), created and published as an editor. */
export async function createContestPaper(ctx: BenchContext, slug: string): Promise<ContestPaper> {
  const base = ctx.server.baseUrl;
  const started = performance.now();
  const { token } = await ctx.login(EDITOR.email, EDITOR.password);
  // The same questions every run: the last of the bank sorted by category and stem (the exam
  // scenarios' papers take the first hundred).
  const bank = (await publishedQuestions(base, token)).sort((a, b) => (a.categoryPath ?? '').localeCompare(b.categoryPath ?? '') || a.stem.localeCompare(b.stem));
  if (bank.length < PAPER_QUESTIONS) throw new HarnessError(`the bank has ${bank.length} published questions, fewer than the ${PAPER_QUESTIONS} a contest paper needs`);
  const chosen = bank.slice(-PAPER_QUESTIONS);
  const input = {
    title: `Bench contest paper (${slug})`,
    slug,
    description: 'A contest paper for the benchmark.',
    exam: 'SSC',
    durationMinutes: PAPER_MINUTES,
    shuffleQuestions: false,
    shuffleOptions: true,
    sections: [{ title: 'Contest', ...PAPER_MARKS, questionIds: chosen.map((q) => q.id) }],
  };
  const { data } = await call<{ data: { id: string; slug: string } }>(base, 'POST', '/api/admin/tests', input, token, 201);
  await call(base, 'POST', `/api/admin/tests/${data.id}/publish`, undefined, token);
  const setupMs = performance.now() - started;
  ctx.log(`setup: contest paper "${data.slug}" (${PAPER_QUESTIONS} questions) created and published through the editor API in ${Math.round(setupMs)} ms`);
  return {
    id: data.id,
    slug: data.slug,
    questionIds: chosen.map((q) => q.id),
    keys: new Map(chosen.map((q) => [q.id, new Set(q.options.filter((o) => o.correct).map((o) => o.textHtml))])),
    maxScore: PAPER_QUESTIONS * PAPER_MARKS.marks,
    setupMs,
  };
}

/** What the contest scenarios read of a contest (the contract's `Contest`, in part). */
export type ContestView = {
  id: string;
  slug: string;
  status: string;
  totalSeats: number;
  filledSeats: number;
  users: { count: number; names: string[] };
  registration: { open: boolean; reason: string | null };
  joinedAt?: string;
};

/** A free contest opening a day from now, created and published through `POST /api/admin/contests` as an editor. */
export async function createUpcomingContest(ctx: BenchContext, paper: ContestPaper, p: { slug: string; seats: number }): Promise<ContestView> {
  const { token } = await ctx.login(EDITOR.email, EDITOR.password);
  const input = {
    title: `Bench contest ${p.slug}`,
    slug: p.slug,
    icon: 'general',
    level: 'Beginner',
    description: 'A free contest for the benchmark.',
    testId: paper.id,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 30,
    totalSeats: p.seats,
    priceAmount: 0,
    prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000, description: 'First prize' }],
    freezeMinutes: null,
    published: true,
  };
  const res = await fetch(`${ctx.server.baseUrl}/api/admin/contests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new HarnessError(`POST /api/admin/contests answered ${res.status}: ${text.slice(0, 500)}`);
  const { data } = JSON.parse(text) as { data: ContestView };
  if (data.status !== 'upcoming' || data.filledSeats !== 0 || data.totalSeats !== p.seats) {
    throw new HarnessError(`the new contest is ${data.status} with ${data.filledSeats}/${data.totalSeats} seats filled, expected upcoming with 0/${p.seats}`);
  }
  return data;
}

/** GET /api/contests/:id, signed in or not. */
export async function readContest(baseUrl: string, id: string, token?: string): Promise<ContestView> {
  const res = await fetch(`${baseUrl}/api/contests/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  if (res.status !== 200) throw new HarnessError(`GET /api/contests/${id} answered ${res.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: ContestView }).data;
}

export type EntrantState = 'submitted' | 'playing' | 'notStarted';
export type SeededEntrant = { userId: string; name: string; token: string; state: EntrantState };
export type SeededContest = { contestId: string; slug: string; startsAt: number; endsAt: number; entrants: SeededEntrant[]; ms: number };

/**
 * A contest on the paper that started 20 minutes ago and runs 240 minutes, with `entries` confirmed
 * participants (`submitted` of them submitted, `playing` with an open attempt, the rest not started)
 * and `named` more, not started, called `Submitter-1`…: seeded by bench/seed/contest-board.ts.
 */
export async function seedRunningContest(
  ctx: BenchContext,
  paper: ContestPaper,
  p: { prefix: string; entries: number; submitted: number; playing: number; named?: number },
): Promise<SeededContest & { wallMs: number }> {
  const out = join(ctx.workDir, `contest-${p.prefix}.json`);
  const args = ['--test', paper.id, '--prefix', p.prefix, '--entries', String(p.entries), '--submitted', String(p.submitted), '--playing', String(p.playing), '--named', String(p.named ?? 0), '--out', out];
  const wallMs = await runSeedScript(ctx, 'contest-board', args);
  const seeded = JSON.parse(await readFile(out, 'utf8')) as SeededContest;
  if (seeded.entrants.length !== p.entries + (p.named ?? 0)) throw new HarnessError(`seeded ${seeded.entrants.length} participants, expected ${p.entries + (p.named ?? 0)}`);
  return { ...seeded, wallMs };
}
