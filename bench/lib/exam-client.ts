/**
 * A candidate's side of the exam API for the exam scenarios: starting an attempt, choosing answers
 * the way the exam screen sends them, submitting, and reading the saved state back. Requests go
 * through node:http with a keep-alive agent (one connection per candidate in flight), which costs
 * the harness less CPU per request than fetch.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SeededCandidate } from '../seed/lib.js';
import { HarnessError } from './server.js';

export type AttemptQuestion = { questionId: string; type: 'single' | 'multiple' | 'truefalse'; options: { id: string; html: string }[] };
export type SavedAnswer = { questionId: string; optionIds: string[]; seq: number; markedForReview: boolean; confidence: string | null };
export type Attempt = { id: string; status: string; questions: AttemptQuestion[]; answers: SavedAnswer[]; lastSeq: number };

/**
 * `ms` from sending to the last byte; `connectMs` when the request had to open a connection, `firstByteMs` to the answer's headers;
 * `retryAfterMs` the answer's `Retry-After` in seconds, as milliseconds, when it has one.
 */
export type Reply = { status: number; text: string; ms: number; firstByteMs: number; connectMs: number | null; retryAfterMs?: number };

const retryAfterOf = (value: string | string[] | undefined): { retryAfterMs?: number } => {
  const seconds = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {};
};

/** JSON over node:http, keeping connections open between requests. */
export class HttpClient {
  readonly agent: http.Agent;
  private readonly url: URL;

  constructor(baseUrl: string, maxSockets = 256) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /** One request; the time is from sending to the last byte of the answer. Network errors reject. */
  request(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          agent: this.agent,
          headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          const firstByteMs = performance.now() - started;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started, firstByteMs, connectMs, ...retryAfterOf(res.headers['retry-after']) }),
          );
          res.on('error', reject);
        },
      );
      let connectMs: number | null = null;
      req.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => (connectMs = performance.now() - started));
      });
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out after 30 s`)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export const candidateHeaders = (c: SeededCandidate, deviceId: string): Record<string, string> => ({ authorization: `Bearer ${c.token}`, 'x-device-id': deviceId });

function expect(reply: Reply, statuses: number[], what: string): unknown {
  if (!statuses.includes(reply.status)) throw new HarnessError(`${what} answered ${reply.status}: ${reply.text.slice(0, 500)}`);
  return JSON.parse(reply.text) as unknown;
}

/** POST /api/tests/:slug/attempts: a new attempt (201), or the open one (200). */
export async function startAttempt(client: HttpClient, slug: string, headers: Record<string, string>): Promise<{ attempt: Attempt; reply: Reply }> {
  const reply = await client.request('POST', `/api/tests/${slug}/attempts`, headers);
  return { attempt: (expect(reply, [200, 201], `starting ${slug}`) as { data: Attempt }).data, reply };
}

/** GET /api/attempts/:id: the attempt with every saved answer. */
export async function readAttempt(client: HttpClient, id: string, headers: Record<string, string>): Promise<Attempt> {
  return (expect(await client.request('GET', `/api/attempts/${id}`, headers), [200], `reading attempt ${id}`) as { data: Attempt }).data;
}

/** What a save sends, besides its sequence number. */
export type Choice = { optionIds: string[]; markedForReview: boolean; confidence: 'sure' | 'fifty' | 'guess' | null; timeSpentMs: number };

/**
 * The n-th save of a candidate cycling through the attempt's questions: one option (two for a
 * multiple-answer question), every seventh marked for review, confidence in turn (sometimes none).
 */
export function cyclingChoice(q: AttemptQuestion, n: number): Choice {
  const letters = q.options.map((o) => o.id);
  const first = letters[n % letters.length]!;
  const optionIds = q.type === 'multiple' ? [first, letters[(n + 1) % letters.length]!].sort() : [first];
  const confidence = (['sure', 'fifty', 'guess', null] as const)[n % 4]!;
  return { optionIds, markedForReview: n % 7 === 0, confidence, timeSpentMs: 5_000 + (n % 50) * 700 };
}

/** A deterministic generator in [0, 1) (mulberry32), so a run's candidates behave the same each time. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The value at quantile q (0–1) of ascending numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
