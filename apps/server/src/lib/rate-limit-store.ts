import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis-fallback.js';

/**
 * The rate limits' counters (@fastify/rate-limit's `store`): in Redis while it is available, so
 * that every server process counts against one budget, and in this process's memory while it is
 * not, so that a Redis outage loosens the limits to one budget per process instead of failing the
 * requests. Windows are fixed: a key's first count starts a window of `timeWindow` milliseconds.
 */

type Count = { current: number; ttl: number };
type Done = (err: Error | null, result?: Count) => void;
/** What the plugin hands `child` (its index.js): the route's merged limit options, with the route's method and address. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** Keys counted in memory at most; the least recently counted go first. */
const LOCAL_KEYS_MAX = 10_000;

// The same counting as @fastify/rate-limit's Redis store, under the same keys, so that processes of
// an earlier version share the counters during a rolling restart.
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type Counting = Redis & { abhyasRateCount(key: string, timeWindow: number): Promise<[number, number]> };

function counting(client: Redis): Counting {
  const c = client as Counting;
  if (typeof c.abhyasRateCount !== 'function') client.defineCommand('abhyasRateCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  return c;
}

/** Fixed-window counters in memory, at most LOCAL_KEYS_MAX keys. */
export class LocalCounts {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  count(key: string, timeWindow: number, now = Date.now()): Count {
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) w = { current: 0, endsAt: now + timeWindow };
    w.current += 1;
    // Deleted and set again, so that the Map's order is the order of last use.
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > LOCAL_KEYS_MAX) this.windows.delete(this.windows.keys().next().value!);
    return { current: w.current, ttl: w.endsAt - now };
  }
}

class FallbackStore implements FastifyRateLimitStore {
  private readonly local = new LocalCounts();

  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const client = this.link.client;
    if (!client || !this.link.available()) {
      if (client) this.link.fellBack();
      done(null, this.local.count(key, timeWindow));
      return;
    }
    counting(client)
      .abhyasRateCount(this.prefix + key, timeWindow)
      .then(
        ([current, ttl]) => {
          this.link.succeeded();
          done(null, { current, ttl });
        },
        (err: unknown) => {
          this.link.failed(err);
          this.link.fellBack();
          done(null, this.local.count(key, timeWindow));
        },
      );
  }

  child(options: object): FastifyRateLimitStore {
    const { method = '', url = '' } = (options as ChildOptions).routeInfo ?? {};
    return new FallbackStore(this.link, `${this.prefix}${String(method)}${url}-`);
  }
}

/** The store for @fastify/rate-limit: Redis through `link` under `nameSpace`, this process's memory while Redis is unavailable. */
export function fallbackStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor() {
      super(link, nameSpace);
    }
  };
}
