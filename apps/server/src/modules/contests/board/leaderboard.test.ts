import { leaderboardSchema, type Leaderboard } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestDb, testClock } from '../../../../test/helpers.js';
import { enter, makeContest, startContestAttempt, type TestContest } from '../../../../test/live-factories.js';
import { saveAnswer, submitAttempt, type PaperPort } from '../../attempts/attempts.service.js';
import { createContestLive, type ContestLive } from './live.js';
import { paperPort } from '../../../wiring.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
const silent = { warn: () => {} };

let dbHandle: Awaited<ReturnType<typeof createTestDb>>;
const lives: ContestLive[] = [];
beforeAll(async () => {
  dbHandle = await createTestDb();
});
afterAll(async () => {
  for (const live of lives) await live.close();
  await dbHandle?.dispose();
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A candidate in the contest who starts at `startAt`, answers `right` questions right and `wrong` wrong, and submits at `submitAt` (or keeps playing). */
async function play(
  deps: { db: typeof dbHandle.db; clock: ReturnType<typeof testClock>; events: ContestLive['events']; papers: PaperPort },
  contest: TestContest,
  p: { name?: string; startAt?: number; right?: number; wrong?: number; answerAt?: number[]; submitAt?: number },
) {
  const user = await createUser(deps.db, p.name ? { name: p.name } : {});
  const { entryId } = await enter(deps.db, contest, user);
  if (p.startAt === undefined) return { user, entryId, attemptId: null };
  const at = deps.clock.now();
  deps.clock.advance(p.startAt - at);
  const attemptId = await startContestAttempt(deps, contest, user.id);
  const answers = [...Array<'A'>(p.right ?? 0).fill('A'), ...Array<'B'>(p.wrong ?? 0).fill('B')];
  for (const [i, option] of answers.entries()) {
    if (p.answerAt?.[i] !== undefined) deps.clock.advance(p.answerAt[i]! - deps.clock.now());
    await saveAnswer(deps, { attemptId, userId: user.id, deviceId: null, questionId: contest.questionIds[i]!, input: { optionIds: [option], markedForReview: false, seq: i + 1 } });
  }
  if (p.submitAt !== undefined) {
    deps.clock.advance(p.submitAt - deps.clock.now());
    await submitAttempt(deps, attemptId, user.id, null);
  }
  deps.clock.advance(at - deps.clock.now());
  return { user, entryId, attemptId };
}

function setup(start = T0) {
  const clock = testClock(start);
  const live = createContestLive({ db: dbHandle.db, clock, log: silent }, { rebuildEveryMs: 50, lookupEveryMs: 100 });
  lives.push(live);
  return { clock, live, deps: { db: dbHandle.db, clock, events: live.events, papers: paperPort(dbHandle.db) } };
}

const names = (b: Leaderboard) => b.rows.map((r) => r.name);

/**
 * A page as the stream and the route send it: the board's JSON text (board-json.ts), which must be
 * the page's own JSON, in the contract's shape and key order.
 */
async function pageOf(live: ContestLive, contestId: string, p: { offset: number; limit: number; userId: string | null }): Promise<Leaderboard> {
  const text = await live.pageText(contestId, p);
  const page = await live.page(contestId, p);
  expect(text).toBe(JSON.stringify(page));
  expect(text).toBe(JSON.stringify(leaderboardSchema.parse(JSON.parse(text))));
  return page;
}

describe('the contest leaderboard', () => {
  it('orders by score, then time taken, then the earlier submission; then those playing by answers saved; then those not started', async () => {
    const { clock, live, deps } = setup();
    await live.start();
    const contest = await makeContest(deps.db, { startsAt: T0, durationMinutes: 30, questions: 3 });
    clock.advance(20 * MIN);
    // Two with the same score and time: the earlier submission first.
    await play(deps, contest, { name: 'Bina Rao', startAt: T0 + 1 * MIN, right: 3, submitAt: T0 + 10 * MIN });
    await play(deps, contest, { name: 'Chetan Das', startAt: T0 + 2 * MIN, right: 3, submitAt: T0 + 11 * MIN });
    await play(deps, contest, { name: 'Asha Iyer', startAt: T0, right: 3, submitAt: T0 + 5 * MIN });
    await play(deps, contest, { name: 'Dev Patel', startAt: T0, right: 2, wrong: 1, submitAt: T0 + 3 * MIN });
    await play(deps, contest, { name: 'Farah Khan', startAt: T0 + 3 * MIN, right: 1 });
    await play(deps, contest, { name: 'Esha Nair', startAt: T0 + 4 * MIN, right: 1, wrong: 1 });
    const idle = await play(deps, contest, { name: 'Gopal' });

    const board = leaderboardSchema.parse(await pageOf(live, contest.id, { offset: 0, limit: 50, userId: idle.user.id }));
    expect(names(board)).toEqual(['Asha I.', 'Bina R.', 'Chetan D.', 'Dev P.', 'Esha N.', 'Farah K.', 'Gopal']);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(board.rows.map((r) => r.state)).toEqual(['submitted', 'submitted', 'submitted', 'submitted', 'playing', 'playing', 'notStarted']);
    expect(board.rows[0]).toMatchObject({ score: 3, maxScore: 3, answered: 3, timeTakenMs: 5 * MIN, submittedAt: new Date(T0 + 5 * MIN).toISOString(), isMe: false, prize: null });
    expect(board.rows[1]!.timeTakenMs).toBe(board.rows[2]!.timeTakenMs);
    // Playing: no score until submission, whatever was answered.
    expect(board.rows[4]).toMatchObject({ score: null, answered: 2, timeTakenMs: null, submittedAt: null, maxScore: 3 });
    expect(board.rows[6]).toMatchObject({ isMe: true, answered: 0, state: 'notStarted' });
    expect(board.me).toMatchObject({ name: 'Gopal', rank: 7, isMe: true });
    expect(board).toMatchObject({ contestId: contest.id, status: 'running', frozen: false, frozenAt: null, total: 7, offset: 0 });

    // Pages, and the caller's own row wherever it stands.
    const page = await pageOf(live, contest.id, { offset: 2, limit: 2, userId: null });
    expect(names(page)).toEqual(['Chetan D.', 'Dev P.']);
    expect(page.me).toBeNull();
    expect(page.total).toBe(7);

    // A save moves the one playing; a submission puts her among the scores: heard through the attempt events.
    const farah = (await deps.db.selectFrom('users').select('id').where('name', '=', 'Farah Khan').executeTakeFirstOrThrow()).id;
    const farahAttempt = (await deps.db.selectFrom('contest_entries').select('attempt_id').where('user_id', '=', farah).executeTakeFirstOrThrow()).attempt_id!;
    for (const [i, q] of contest.questionIds.slice(1).entries()) {
      await saveAnswer(deps, { attemptId: farahAttempt, userId: farah, deviceId: null, questionId: q, input: { optionIds: ['A'], markedForReview: false, seq: 10 + i } });
    }
    const moved = await until(() => pageOf(live, contest.id, { offset: 0, limit: 50, userId: farah }), (b) => b.rows[4]!.name === 'Farah K.');
    expect(moved.rows[4]).toMatchObject({ state: 'playing', answered: 3, score: null });
    await submitAttempt(deps, farahAttempt, farah, null);
    const after = await until(() => pageOf(live, contest.id, { offset: 0, limit: 50, userId: farah }), (b) => b.rows[3]!.name === 'Farah K.');
    // 3 right in 17 minutes (started at 3, submitted at 20): below the three faster full scores.
    expect(names(after).slice(0, 4)).toEqual(['Asha I.', 'Bina R.', 'Chetan D.', 'Farah K.']);
    expect(after.me).toMatchObject({ rank: 4, score: 3, state: 'submitted', timeTakenMs: 17 * MIN });
  });

  it('freezes the public board for the last minutes while each candidate’s own row stays current', async () => {
    const { clock, live, deps } = setup();
    await live.start();
    const contest = await makeContest(deps.db, { startsAt: T0, durationMinutes: 30, freezeMinutes: 10, questions: 3 });
    const early = await play(deps, contest, { name: 'Early Bird', startAt: T0, right: 1, submitAt: T0 + 5 * MIN });
    const late = await play(deps, contest, { name: 'Late Star', startAt: T0, right: 3, submitAt: T0 + 25 * MIN });
    const saver = await play(deps, contest, { name: 'Steady Saver', startAt: T0 + 1 * MIN, right: 2, answerAt: [T0 + 15 * MIN, T0 + 22 * MIN] });
    const starter = await play(deps, contest, { name: 'Last Minute', startAt: T0 + 26 * MIN, right: 1 });

    clock.advance(19 * MIN);
    const before = await pageOf(live, contest.id, { offset: 0, limit: 50, userId: null });
    expect(before.frozen).toBe(false);
    // The board stands as of now: what is stamped later (written ahead above) has not happened yet.
    expect(before.rows.find((r) => r.name === 'Late S.')).toMatchObject({ state: 'playing', score: null, answered: 3 });
    expect(before.rows.find((r) => r.name === 'Steady S.')).toMatchObject({ state: 'playing', answered: 1 });
    expect(before.rows.find((r) => r.name === 'Last M.')).toMatchObject({ state: 'notStarted' });

    clock.advance(7 * MIN); // T0 + 26: frozen since T0 + 20
    // The board stands as of its last build, and the moments written ahead above are past now: built again.
    live.announce(contest.id);
    const board = leaderboardSchema.parse(await until(() => pageOf(live, contest.id, { offset: 0, limit: 50, userId: late.user.id }), (b) => b.me?.state === 'submitted'));
    expect(board).toMatchObject({ frozen: true, frozenAt: new Date(T0 + 20 * MIN).toISOString(), status: 'running', total: 4 });
    expect(names(board)).toEqual(['Early B.', 'Late S.', 'Steady S.', 'Last M.']);
    // As at the freeze: the late submission still playing (3 answers saved), the saver with the one
    // answer saved by then, the last starter not started.
    expect(board.rows.map((r) => [r.state, r.score, r.answered])).toEqual([
      ['submitted', 1, 1],
      ['playing', null, 3],
      ['playing', null, 1],
      ['notStarted', null, 0],
    ]);
    expect(board.rows[1]!.isMe).toBe(true);
    // Her own row is current, and placed on the frozen board.
    expect(board.me).toMatchObject({ name: 'Late S.', state: 'submitted', score: 3, rank: 1, isMe: true });
    const own = await pageOf(live, contest.id, { offset: 0, limit: 50, userId: saver.user.id });
    expect(own.me).toMatchObject({ state: 'playing', answered: 2, rank: 3 });
    expect((await pageOf(live, contest.id, { offset: 0, limit: 50, userId: starter.user.id })).me).toMatchObject({ state: 'playing', answered: 1 });
    expect((await pageOf(live, contest.id, { offset: 0, limit: 50, userId: early.user.id })).me).toMatchObject({ rank: 1 });

    // After the end and the grace, and once nothing is open, the results are final and the board thaws.
    clock.advance(10 * MIN);
    expect(await live.finalizeDue()).toBe(0); // two attempts still open
    for (const p of [saver, starter]) await submitAttempt(deps, p.attemptId!, p.user.id, null);
    expect(await live.finalizeDue()).toBe(1);
    expect(await live.finalizeDue()).toBe(0);
    const final = await until(() => pageOf(live, contest.id, { offset: 0, limit: 50, userId: late.user.id }), (b) => b.status === 'final');
    expect(final.frozen).toBe(false);
    expect(names(final)).toEqual(['Late S.', 'Steady S.', 'Early B.', 'Last M.']);
    expect(final.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(final.rows[0]!.ratingBefore).toBe(1500);
    expect(final.rows[0]!.ratingAfter).toBeGreaterThan(1500);
    expect(final.rows[3]!.ratingAfter).toBeLessThan(1500);
  });

  it('writes final ranks, prizes by rank and ratings for those who started, once', async () => {
    const { clock, live, deps } = setup();
    const prizes = [
      { fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000, description: '' },
      { fromRank: 2, toRank: 3, kind: 'voucher', amount: 50_000, description: 'Book voucher' },
      { fromRank: 1, toRank: 10, kind: 'certificate', amount: null, description: 'Certificate of merit' },
    ];
    const contest = await makeContest(deps.db, { startsAt: T0, durationMinutes: 20, prizes, questions: 3 });
    const players: Awaited<ReturnType<typeof play>>[] = [];
    for (let i = 0; i < 5; i += 1) players.push(await play(deps, contest, { startAt: T0, right: 3 - Math.min(i, 3), wrong: Math.min(i, 3), submitAt: T0 + (i + 1) * MIN }));
    const absent = await play(deps, contest, {});
    // A finished contest is final only after the margin following its end.
    clock.advance(20 * MIN + 5_000);
    expect(await live.finalizeDue()).toBe(0);
    clock.advance(10_000);
    expect(await live.finalizeDue()).toBe(1);

    const entries = await deps.db
      .selectFrom('contest_entries')
      .select(['user_id', 'final_rank', 'prize', 'rating_before', 'rating_after', 'performance'])
      .where('contest_id', '=', contest.id)
      .execute();
    const byUser = new Map(entries.map((e) => [e.user_id, e]));
    expect(players.map((p) => byUser.get(p.user.id)!.final_rank)).toEqual([1, 2, 3, 4, 5]);
    expect(players.map((p) => JSON.parse(byUser.get(p.user.id)!.prize ?? 'null')?.kind ?? null)).toEqual(['cash', 'voucher', 'voucher', 'certificate', 'certificate']);
    expect(byUser.get(absent.user.id)).toMatchObject({ final_rank: null, prize: null, rating_before: null, rating_after: null });
    const ratings = await deps.db.selectFrom('contest_ratings').selectAll().execute();
    const mine = ratings.filter((r) => players.some((p) => p.user.id === r.user_id));
    expect(mine).toHaveLength(5);
    expect(mine.every((r) => r.contests === 1)).toBe(true);
    expect(ratings.some((r) => r.user_id === absent.user.id)).toBe(false);
    const first = byUser.get(players[0]!.user.id)!;
    expect(Number(first.rating_after)).toBeGreaterThan(1500);
    expect(Number(first.performance)).toBeGreaterThan(1500);

    const board = await pageOf(live, contest.id, { offset: 0, limit: 50, userId: players[1]!.user.id });
    expect(board.status).toBe('final');
    expect(board.rows[0]!.prize).toMatchObject({ kind: 'cash', amount: 100_000 });
    expect(board.me).toMatchObject({ rank: 2, prize: { kind: 'voucher', description: 'Book voucher' } });
    expect(board.rows.at(-1)).toMatchObject({ state: 'notStarted', rank: 6, ratingAfter: null });
  });

  it('answers 404 for an unknown contest and for a draft', async () => {
    const { live, deps } = setup();
    await expect(live.page('no-such-contest', { offset: 0, limit: 10, userId: null })).rejects.toMatchObject({ statusCode: 404, message: 'Contest not found' });
    const draft = await makeContest(deps.db, { startsAt: T0, status: 'draft' });
    await expect(live.page(draft.id, { offset: 0, limit: 10, userId: null })).rejects.toMatchObject({ statusCode: 404 });
  });
});
