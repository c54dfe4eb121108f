import type { FastifyReply } from 'fastify';

/**
 * Serialized responses kept against a version number: an entry is served only while the version it
 * was made under is still current, so a write anywhere (any process) retires it at once, and, when
 * it was given one, until its expiry time. Bounded by entry count and by bytes, least recently used first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: number; body: string; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string, version: number, now = 0): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now >= entry.expiresAt) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: number, body: string, expiresAt = Number.POSITIVE_INFINITY): void {
    this.delete(key);
    if (body.length > this.maxBytes / 4) return;
    this.entries.set(key, { version, body, expiresAt });
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * The body cached for `key` under this version, or else the one `make` produces, cached for next
   * time (until `expiry.now + expiry.ttlMs` when given).
   */
  async through(key: string, version: number, make: () => Promise<string>, expiry?: { now: number; ttlMs: number }): Promise<string> {
    const cached = this.get(key, version, expiry?.now);
    if (cached !== undefined) return cached;
    const body = await make();
    this.set(key, version, body, expiry ? expiry.now + expiry.ttlMs : undefined);
    return body;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

/**
 * Sends a cached answer, JSON already serialized. Fastify passes a string on as it is, so the
 * route's response schema documents the answer without serializing it a second time.
 */
export function sendCachedJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
