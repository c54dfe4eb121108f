import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb, testClock } from '../../../../test/helpers.js';
import { enter, makeContest, startContestAttempt, type TestContest } from '../../../../test/live-factories.js';
import { saveAnswer, submitAttempt } from '../../attempts/attempts.service.js';
import { createContestLive, type ContestLive, type StreamSink } from './live.js';
import { FINALIZE_AFTER_END_MS } from '../finalize/finalize.js';
import { contestsDue } from '../finalize/finalize.repo.js';
import { paperPort } from '../../../wiring.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 2, 10, 0, 0);
const postgres = inject('dbTemplate').dialect === 'postgres';
const silent = { warn: () => {} };

let dbHandle: Awaited<ReturnType<typeof createTestDb>>;
const closing: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  dbHandle = await createTestDb();
});
afterAll(async () => {
  for (const c of closing.reverse()) await c();
  await dbHandle?.dispose();
});

/** A sink that keeps what is written to it, as a stream's connection would. */
function sink(): StreamSink & { texts: string[]; ended: boolean } {
  const s = {
    texts: [] as string[],
    ended: false,
    write: (text: string) => void s.texts.push(text),
    end: () => void (s.ended = true),
    backlog: () => 0,
  };
  return s;
}

const boardsIn = (s: { texts: string[] }) => s.texts.filter((t) => t.startsWith('event: board\n')).map((t) => JSON.parse(t.slice('event: board\ndata: '.length)));

async function until(ok: () => boolean, timeoutMs = 3_000) {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the live machinery of one process', () => {
  it('sends the board on watch, pings, lets a viewer go, and never lets an event throw or wait', async () => {
    const clock = testClock(T0 + 5 * MIN);
    const live = createContestLive({ db: dbHandle.db, clock, log: silent }, { heartbeatMs: 30, rebuildEveryMs: 20 });
    closing.push(() => live.close());
    await live.start();
    const contest = await makeContest(dbHandle.db, { startsAt: T0, durationMinutes: 30 });
    const { userId } = await enter(dbHandle.db, contest);

    const viewer = sink();
    const watching = await live.watch(contest.id, userId, viewer);
    expect(boardsIn(viewer)).toHaveLength(1);
    expect(boardsIn(viewer)[0].me).toMatchObject({ state: 'notStarted', isMe: true });
    expect(live.viewers()).toBe(1);
    await until(() => viewer.texts.includes(': ping\n\n'));

    // An event for a paper no contest runs, or a malformed one, changes nothing and throws nothing.
    expect(() => live.events.changed({ testId: 'no-such-test', attemptId: 'x', userId: 'y', kind: 'saved' })).not.toThrow();
    expect(() => live.events.changed(undefined as never)).not.toThrow();

    // A notice from another process (here: announced) rebuilds the board and sends it.
    const deps = { db: dbHandle.db, clock, events: live.events };
    const attemptId = await startContestAttempt(deps, contest, userId);
    live.announce(contest.id);
    await until(() => boardsIn(viewer).some((b) => b.me?.state === 'playing'));

    watching.close();
    expect(live.viewers()).toBe(0);
    const sent = viewer.texts.length;
    // Neither a rebuild nor the heartbeat reaches a viewer let go.
    live.announce(contest.id);
    await saveAnswer(deps, { attemptId, userId, deviceId: null, questionId: contest.questionIds[0]!, input: { optionIds: ['A'], markedForReview: false, seq: 1 } });
    await new Promise((r) => setTimeout(r, 150));
    expect(viewer.texts.length).toBe(sent);
  });

  it('coalesces a burst of changes into a few rebuilds', async () => {
    const clock = testClock(T0 + 5 * MIN);
    const live = createContestLive({ db: dbHandle.db, clock, log: silent }, { rebuildEveryMs: 300, lookupEveryMs: 60_000 });
    closing.push(() => live.close());
    await live.start();
    const contest = await makeContest(dbHandle.db, { startsAt: T0, durationMinutes: 30 });
    const viewer = sink();
    await live.watch(contest.id, null, viewer);
    for (let i = 0; i < 200; i += 1) live.announce(contest.id);
    await new Promise((r) => setTimeout(r, 700));
    // One on watch, then at most one per 300 ms.
    expect(boardsIn(viewer).length).toBeGreaterThanOrEqual(2);
    expect(boardsIn(viewer).length).toBeLessThanOrEqual(4);
  });

  it('sends a cancelled contest’s board and ends the stream', async () => {
    const clock = testClock(T0 + 5 * MIN);
    const live = createContestLive({ db: dbHandle.db, clock, log: silent }, { rebuildEveryMs: 20 });
    closing.push(() => live.close());
    await live.start();
    const contest = await makeContest(dbHandle.db, { startsAt: T0 });
    const viewer = sink();
    await live.watch(contest.id, null, viewer);
    expect(viewer.ended).toBe(false);
    await dbHandle.db.updateTable('contests').set({ status: 'cancelled', cancel_reason: 'Venue lost', cancelled_at: clock.now() }).where('id', '=', contest.id).execute();
    live.announce(contest.id);
    await until(() => viewer.ended);
    expect(boardsIn(viewer).map((b) => b.status)).toEqual(['running', 'cancelled']);
    expect(live.viewers()).toBe(0);
    const late = sink();
    await live.watch(contest.id, null, late);
    expect(late.ended).toBe(true);
    expect(boardsIn(late)).toHaveLength(1);
  });

  it('ends every stream on close', async () => {
    const clock = testClock(T0 + 5 * MIN);
    const live = createContestLive({ db: dbHandle.db, clock, log: silent });
    await live.start();
    const contest = await makeContest(dbHandle.db, { startsAt: T0 });
    const viewers = [sink(), sink(), sink()];
    for (const v of viewers) await live.watch(contest.id, null, v);
    await live.close();
    expect(viewers.every((v) => v.ended)).toBe(true);
    expect(live.viewers()).toBe(0);
  });
});

describe(`finalization with two server processes racing${postgres ? ' (PostgreSQL)' : ''}`, () => {
  it('finalizes each contest exactly once, and rates each candidate once', async () => {
    const clock = testClock(T0 + 10 * MIN);
    const deps = { db: dbHandle.db, clock, papers: paperPort(dbHandle.db) };
    const contests: TestContest[] = [];
    const players: { contest: string; userId: string }[] = [];
    for (let c = 0; c < 3; c += 1) {
      const contest = await makeContest(dbHandle.db, { startsAt: T0, durationMinutes: 20, questions: 2 });
      contests.push(contest);
      for (let i = 0; i < 12; i += 1) {
        const { userId } = await enter(dbHandle.db, contest);
        const attemptId = await startContestAttempt(deps, contest, userId);
        if (i % 3 !== 0) await saveAnswer(deps, { attemptId, userId, deviceId: null, questionId: contest.questionIds[0]!, input: { optionIds: [i % 2 === 0 ? 'A' : 'B'], markedForReview: false, seq: 1 } });
        clock.advance(1_000);
        await submitAttempt(deps, attemptId, userId, null);
        players.push({ contest: contest.id, userId });
      }
    }
    clock.advance(20 * MIN);

    // Two processes, each with its own connections on PostgreSQL (SQLite serves one process, so
    // there they share one), each finalizing as often as it can for a while.
    const handles = [dbHandle, postgres ? dbHandle.openAnother() : dbHandle];
    const lives: ContestLive[] = handles.map((h) => createContestLive({ db: h.db, clock, log: silent }));
    for (const [i, live] of lives.entries()) {
      closing.push(async () => {
        await live.close();
        if (handles[i] !== dbHandle) await handles[i]!.close();
      });
    }
    // Contests left by earlier tests on this database may be due as well: each is finalized once too.
    const due = await contestsDue(dbHandle.db, clock.now(), FINALIZE_AFTER_END_MS, 1_000);
    expect(due).toEqual(expect.arrayContaining(contests.map((c) => c.id)));
    const counts = await Promise.all(
      lives.map(async (live) => {
        let n = 0;
        for (let round = 0; round < 5; round += 1) n += await live.finalizeDue();
        return n;
      }),
    );
    expect(counts[0]! + counts[1]!).toBe(due.length);

    const finalized = await dbHandle.db.selectFrom('contests').select(['id', 'finalized_at']).where('id', 'in', contests.map((c) => c.id)).execute();
    expect(finalized.every((c) => c.finalized_at !== null)).toBe(true);
    const entries = await dbHandle.db.selectFrom('contest_entries').select(['contest_id', 'final_rank', 'rating_before']).where('contest_id', 'in', contests.map((c) => c.id)).execute();
    for (const contest of contests) {
      const ranks = entries.filter((e) => e.contest_id === contest.id).map((e) => e.final_rank);
      expect(ranks.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    }
    expect(entries.every((e) => e.rating_before === 1500)).toBe(true);
    const ratings = await dbHandle.db.selectFrom('contest_ratings').select(['user_id', 'contests']).where('user_id', 'in', players.map((p) => p.userId)).execute();
    expect(ratings).toHaveLength(players.length);
    expect(ratings.every((r) => r.contests === 1)).toBe(true);
  }, 60_000);
});
