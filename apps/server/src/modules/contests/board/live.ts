import { CONTEST_LIMITS, type Leaderboard } from '@abhyas/contracts';
import type { Db } from '../../../db/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisLink } from '../../../lib/redis-fallback.js';
import { notFound } from '../../../lib/errors.js';
import type { AttemptEvents } from '../../attempts/attempts.service.js';
import { FINALIZE_AFTER_END_MS, finalizeEndedContests } from '../finalize/finalize.js';
import { createBoardNotices } from './live-notices.js';
import { boardEntries, contestForBoard, paperMaxScore } from './leaderboard.repo.js';
import { boardPageText } from './board-json.js';
import { boardContestOf, boardPage, buildBoard, contestStatus, freezeAt, type Board } from './leaderboard.js';
import { boardMessage, HEARTBEAT, isOver, sendAway, sendBoard, shownState, type StreamSink, type Viewer } from './live-viewers.js';

/**
 * The contests' live machinery, one per server process:
 * - attempt events (saves, submissions) of a contest's paper become a change notice naming the
 *   contest, published on the Redis channel `abhyas:contest-board` so that every process hears it
 *   (without Redis, or while it is unreachable, within this process only): see live-notices.ts;
 * - each process keeps the boards being read or watched, rebuilt from the database at most every
 *   `rebuildEveryMs` per contest while notices come in (and at least every `maxAgeMs` while read), so
 *   reads are answered from memory however many there are;
 * - Server-Sent Events viewers get the board on connect and after every rebuild, a comment every
 *   `heartbeatMs` so that proxies keep the connection, and the final board (or a cancelled
 *   contest's) before the stream ends;
 * - with `finalizeEveryMs`, ended contests are finalized (exactly once across processes) and their
 *   viewers sent the final board.
 */

export { STREAM_ROWS, type StreamSink } from './live-viewers.js';

type Log = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

export type LiveDeps = { db: Db; clock: Clock; redis?: RedisLink; log: Log };

export type LiveOptions = {
  rebuildEveryMs?: number;
  maxAgeMs?: number;
  heartbeatMs?: number;
  /** How often the map from papers to contests in play is read again. */
  lookupEveryMs?: number;
  /** How often ended contests are looked for and finalized; null: never (another process or a test does it). */
  finalizeEveryMs?: number | null;
  /** How long after its end a contest's key may be challenged: it is made final once that has passed. */
  challengeWindowMs?: number;
};

export type ContestLive = {
  /** For the attempt engine (exam deps `events`): never throws, never waits. */
  events: AttemptEvents;
  /** A page of a contest's board as the caller sees it; 404 for an unknown contest or a draft. */
  page(contestId: string, p: { offset: number; limit: number; userId: string | null }): Promise<Leaderboard>;
  /** The same page as its JSON text, written from the pieces the board keeps (board-json.ts). */
  pageText(contestId: string, p: { offset: number; limit: number; userId: string | null }): Promise<string>;
  /** Adds a viewer: the board is written at once; answers how to let go of it. 404 as `page`. */
  watch(contestId: string, userId: string | null, sink: StreamSink): Promise<{ close(): void }>;
  /** Tells every process that a contest's board changed. */
  announce(contestId: string): void;
  /** How many streams this process is serving now. */
  viewers(): number;
  /** Finalizes the contests that are due (see finalizeEndedContests); answers how many this call did. */
  finalizeDue(): Promise<number>;
  /** Subscribes to change notices and starts the timers: call when the app is ready. */
  start(): Promise<void>;
  /** Tells every viewer to reconnect and ends its stream, stops the timers and the subscription: call before the server closes. */
  close(): Promise<void>;
};

type Slot = {
  board: Board | null;
  building: Promise<Board | null> | null;
  dirty: boolean;
  lastBuild: number;
  timer: NodeJS.Timeout | null;
  viewers: Set<Viewer>;
  lastRead: number;
  /** The status and freeze the viewers were last sent, to send again when the clock changes them. */
  sent: string;
  maxScore: number | null;
};

/**
 * A board shows what has happened by now (leaderboard.repo.ts, `asOf`); moments up to this far
 * ahead of this process's clock count as passed, as another process that wrote them may have a clock
 * running a little ahead of ours.
 */
const CLOCKS_AHEAD_MS = 5_000;
/** A board nobody has read or watched for this long is dropped. */
const IDLE_MS = 60_000;
const TICK_MS = 1_000;
const elapsed = () => performance.now();

export function createContestLive(deps: LiveDeps, opts: LiveOptions = {}): ContestLive {
  const rebuildEveryMs = opts.rebuildEveryMs ?? 500;
  const maxAgeMs = opts.maxAgeMs ?? 10_000;
  const heartbeatMs = opts.heartbeatMs ?? 20_000;
  const lookupEveryMs = opts.lookupEveryMs ?? 5_000;
  const slots = new Map<string, Slot>();
  let closed = false;
  const timers: NodeJS.Timeout[] = [];

  // ---- boards

  async function load(contestId: string, slot: Slot): Promise<Board | null> {
    const contest = await contestForBoard(deps.db, contestId);
    if (!contest || contest.status === 'draft') return null;
    const board = boardContestOf(contest);
    const [entries, maxScore] = await Promise.all([boardEntries(deps.db, contestId, freezeAt(board), deps.clock.now() + CLOCKS_AHEAD_MS), slot.maxScore ?? paperMaxScore(deps.db, contestId)]);
    slot.maxScore = maxScore;
    return buildBoard(board, entries, { maxScore, now: deps.clock.now() });
  }

  function rebuild(contestId: string, slot: Slot): Promise<Board | null> {
    if (slot.building) return slot.building;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.dirty = false;
    slot.lastBuild = elapsed();
    slot.building = load(contestId, slot)
      .then((board) => {
        slot.board = board;
        if (board) push(slot, board);
        return board;
      })
      .finally(() => {
        slot.building = null;
        if (slot.dirty) schedule(contestId, slot);
      });
    return slot.building;
  }

  function schedule(contestId: string, slot: Slot) {
    if (closed || slot.timer || slot.building) return;
    const wait = Math.max(0, slot.lastBuild + rebuildEveryMs - elapsed());
    slot.timer = setTimeout(() => {
      slot.timer = null;
      rebuild(contestId, slot).catch((err: unknown) => deps.log.warn({ err, contestId }, 'rebuilding a contest board failed'));
    }, wait);
  }

  /** Marks a board changed, when this process keeps it. */
  function changed(contestId: string) {
    const slot = slots.get(contestId);
    if (!slot) return;
    slot.dirty = true;
    schedule(contestId, slot);
  }

  /**
   * The board, from memory when it is fresh enough; built at once when this process has none, or
   * when a signed-in caller is not on it and it is older than a rebuild's interval (they may have
   * just joined: a join is not an attempt event).
   */
  async function boardOf(contestId: string, userId: string | null): Promise<{ slot: Slot; board: Board }> {
    let slot = slots.get(contestId);
    if (!slot) {
      slot = { board: null, building: null, dirty: false, lastBuild: 0, timer: null, viewers: new Set(), lastRead: 0, sent: '', maxScore: null };
      slots.set(contestId, slot);
    }
    slot.lastRead = elapsed();
    let board = slot.board;
    if (!board) {
      board = await rebuild(contestId, slot).catch((err: unknown) => {
        if (slot.viewers.size === 0 && !slot.board) slots.delete(contestId);
        throw err;
      });
    } else if (userId !== null && !board.current.indexOf.has(userId)) {
      if (elapsed() - slot.lastBuild > rebuildEveryMs) board = await rebuild(contestId, slot);
      else {
        slot.dirty = true;
        schedule(contestId, slot);
      }
    } else if (elapsed() - slot.lastBuild > maxAgeMs) {
      // Served as it is while a fresh one is built: a notice lost on the way is made good here.
      slot.dirty = true;
      schedule(contestId, slot);
    }
    if (!board) {
      if (slot.viewers.size === 0) slots.delete(contestId);
      throw notFound('Contest not found');
    }
    return { slot, board };
  }

  // ---- viewers

  function send(slot: Slot, board: Board) {
    const now = deps.clock.now();
    slot.sent = shownState(board, now);
    sendBoard(slot.viewers, board, now);
  }

  function push(slot: Slot, board: Board) {
    if (slot.viewers.size > 0) send(slot, board);
  }

  /** Once a second: a board whose status or freeze the clock has changed is sent again; idle boards are dropped. */
  function tick() {
    const now = deps.clock.now();
    for (const [contestId, slot] of slots) {
      if (slot.viewers.size === 0 && !slot.building && elapsed() - slot.lastRead > IDLE_MS) {
        if (slot.timer) clearTimeout(slot.timer);
        slots.delete(contestId);
        continue;
      }
      const board = slot.board;
      if (board && slot.viewers.size > 0 && shownState(board, now) !== slot.sent) send(slot, board);
      // While a contest runs, a watched board is rebuilt at least every maxAgeMs even without a
      // notice: a notice lost on the way, or a moment stamped ahead (the demo's peers), shows then.
      else if (board && slot.viewers.size > 0 && contestStatus(board.contest, now) === 'running' && elapsed() - slot.lastBuild > maxAgeMs) {
        slot.dirty = true;
        schedule(contestId, slot);
      }
    }
  }

  function heartbeat() {
    for (const slot of slots.values()) for (const viewer of slot.viewers) viewer.sink.write(HEARTBEAT);
  }

  const notices = createBoardNotices(deps, { lookupEveryMs, heard: changed });

  // ---- finalization

  let finalizing: Promise<number> | null = null;
  const finalizeDue = () =>
    (finalizing ??= finalizeEndedContests({ db: deps.db, clock: deps.clock }, { finalized: (contestId) => notices.publish(contestId) }, FINALIZE_AFTER_END_MS + (opts.challengeWindowMs ?? 0)).finally(() => {
      finalizing = null;
    }));

  return {
    events: notices.events,
    announce: notices.announce,
    finalizeDue,
    viewers: () => [...slots.values()].reduce((n, s) => n + s.viewers.size, 0),

    async page(contestId, p) {
      const { board } = await boardOf(contestId, p.userId);
      return boardPage(board, { now: deps.clock.now(), offset: p.offset, limit: Math.min(p.limit, CONTEST_LIMITS.leaderboardPageMax), userId: p.userId });
    },

    async pageText(contestId, p) {
      const { board } = await boardOf(contestId, p.userId);
      return boardPageText(board, { now: deps.clock.now(), offset: p.offset, limit: Math.min(p.limit, CONTEST_LIMITS.leaderboardPageMax), userId: p.userId });
    },

    async watch(contestId, userId, sink) {
      const { slot, board } = await boardOf(contestId, userId);
      const viewer: Viewer = { userId, sink };
      const now = deps.clock.now();
      sink.write(boardMessage(board, now, userId));
      if (closed || isOver(board, now)) {
        sink.end();
        return { close: () => {} };
      }
      slot.viewers.add(viewer);
      return { close: () => void slot.viewers.delete(viewer) };
    },

    async start() {
      if (closed) return;
      timers.push(setInterval(tick, TICK_MS), setInterval(heartbeat, heartbeatMs));
      if (opts.finalizeEveryMs) {
        const finalize = () => void finalizeDue().catch((err: unknown) => deps.log.warn({ err }, 'finalizing ended contests failed'));
        timers.push(setInterval(finalize, opts.finalizeEveryMs));
        finalize();
      }
      for (const t of timers) t.unref();
      await notices.start();
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      for (const slot of slots.values()) {
        if (slot.timer) clearTimeout(slot.timer);
        sendAway(slot.viewers);
      }
      await Promise.allSettled([notices.close(), finalizing, ...[...slots.values()].map((s) => s.building)]);
      slots.clear();
    },
  };
}
