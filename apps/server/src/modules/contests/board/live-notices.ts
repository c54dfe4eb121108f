import type { Redis } from 'ioredis';
import type { Db } from '../../../db/index.js';
import type { Clock } from '../../../lib/clock.js';
import { onOutage, type RedisLink } from '../../../lib/redis-fallback.js';
import type { AttemptEvents } from '../../attempts/attempts.service.js';
import { contestsInPlay } from './leaderboard.repo.js';

/**
 * Change notices for the contests' boards: the attempt engine's events for a contest's paper become
 * a notice naming the contest, published on the Redis channel `abhyas:contest-board` (when there is
 * Redis) to which every process subscribes; this process hears its own notices at once in any case,
 * so while Redis is unreachable each process's viewers still follow the answers given to it.
 */
export const BOARD_CHANNEL = 'abhyas:contest-board';

/** A contest stays in play this long after its end: the server submits overdue attempts a little later. */
const IN_PLAY_AFTER_END_MS = 15 * 60_000;
/** Notices for one contest go out at most this often; the rest wait for the next. */
const ANNOUNCE_EVERY_MS = 200;
const SUBSCRIBE_WAIT_MS = 3_000;
/** A paper not found among the contests in play is looked for again after this long. */
const MISS_REREAD_MS = 1_000;
const UNHEARD_MAX = 1_000;

const elapsed = () => performance.now();
type Log = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

export type BoardNotices = {
  events: AttemptEvents;
  /** A notice for the contest, now or with the next one (at most one per contest every 200 ms). */
  announce(contestId: string): void;
  /** A notice for the contest now. */
  publish(contestId: string): void;
  start(): Promise<void>;
  close(): Promise<void>;
};

export function createBoardNotices(
  deps: { db: Db; clock: Clock; redis?: RedisLink; log: Log },
  opts: { lookupEveryMs: number; /** Told of every notice this process hears, its own included. */ heard: (contestId: string) => void },
): BoardNotices {
  const { lookupEveryMs, heard } = opts;
  let closed = false;
  let subscriber: Redis | undefined;

  const lastAnnounced = new Map<string, number>();
  const announceTimers = new Map<string, NodeJS.Timeout>();

  function publish(contestId: string) {
    lastAnnounced.set(contestId, elapsed());
    const redis = deps.redis;
    // While Redis is unavailable the notice stays in this process; the link logs the outage once.
    if (redis?.client && redis.available()) {
      redis.client.publish(BOARD_CHANNEL, contestId).then(
        () => redis.succeeded(),
        (err: unknown) => redis.failed(err),
      );
    }
    // This process hears its own notice at once, Redis or not; hearing it again from Redis costs nothing more.
    heard(contestId);
  }

  function announce(contestId: string) {
    if (closed || announceTimers.has(contestId)) return;
    const wait = (lastAnnounced.get(contestId) ?? -Infinity) + ANNOUNCE_EVERY_MS - elapsed();
    if (wait <= 0) return publish(contestId);
    announceTimers.set(
      contestId,
      setTimeout(() => {
        announceTimers.delete(contestId);
        publish(contestId);
      }, wait),
    );
  }

  // Papers of contests in play → their contest, read again every few seconds.
  let papers = new Map<string, string>();
  let papersRead = -Infinity;
  let readingPapers: Promise<void> | null = null;
  const readPapers = () =>
    (readingPapers ??= contestsInPlay(deps.db, deps.clock.now(), IN_PLAY_AFTER_END_MS)
      .then((rows) => {
        papers = new Map(rows.map((r) => [r.testId, r.id]));
        papersRead = elapsed();
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'reading the contests in play failed'))
      .finally(() => {
        readingPapers = null;
      }));

  // Papers seen in events but not among the contests in play when last read: looked for again
  // after a second (a contest published since), so a mock test's saves cost at most a read a second.
  const unheard = new Set<string>();
  let lookTimer: NodeJS.Timeout | null = null;
  function lookAgain() {
    if (lookTimer || closed) return;
    const age = elapsed() - papersRead;
    lookTimer = setTimeout(
      () => {
        lookTimer = null;
        const asked = [...unheard];
        unheard.clear();
        void readPapers().then(() => {
          for (const testId of asked) {
            const contestId = papers.get(testId);
            if (contestId) announce(contestId);
          }
        });
      },
      age >= lookupEveryMs ? 0 : Math.max(0, MISS_REREAD_MS - age),
    );
  }

  const events: AttemptEvents = {
    changed(e) {
      try {
        if (closed) return;
        const contestId = elapsed() - papersRead < lookupEveryMs ? papers.get(e.testId) : undefined;
        if (contestId) return announce(contestId);
        if (unheard.size < UNHEARD_MAX) unheard.add(e.testId);
        lookAgain();
      } catch (err) {
        deps.log.warn({ err }, 'a contest board notice failed');
      }
    },
  };

  return {
    events,
    announce,
    publish,

    async start() {
      void readPapers();
      const shared = deps.redis?.client;
      if (!shared || closed) return;
      // Its own connection: a subscribed connection can do nothing else. Commands wait for the
      // connection without a time limit (the shared one refuses them while it is down), and the
      // subscription is renewed after every reconnection.
      const sub = shared.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined, lazyConnect: true });
      subscriber = sub;
      // Noted once per outage, not at every reconnection attempt; the outage itself is warned of
      // once, by the shared connection's watcher (lib/redis-fallback.ts).
      onOutage(sub, {
        down: (err) => deps.log.info?.({ err }, 'the contest board subscription waits for Redis: boards are live within this process until it returns'),
        up: () => deps.log.info?.({}, 'the contest board subscription is back'),
      });
      sub.on('message', (channel: string, contestId: string) => {
        if (channel === BOARD_CHANNEL && contestId.length <= 64) heard(contestId);
      });
      sub.connect().catch(() => {});
      const subscribed = sub.subscribe(BOARD_CHANNEL).then(
        () => true,
        (err: unknown) => void (closed || deps.log.warn({ err }, 'subscribing to contest board notices failed')),
      );
      // Readiness waits a little for the subscription, not for Redis to come back: not at all when
      // the shared connection already found it unreachable.
      if (deps.redis?.available()) await Promise.race([subscribed, new Promise((r) => setTimeout(r, SUBSCRIBE_WAIT_MS).unref())]);
    },

    async close() {
      closed = true;
      if (lookTimer) clearTimeout(lookTimer);
      for (const t of announceTimers.values()) clearTimeout(t);
      announceTimers.clear();
      subscriber?.disconnect();
      await readingPapers;
    },
  };
}
