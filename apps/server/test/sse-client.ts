import http from 'node:http';
import { leaderboardSchema, type Leaderboard } from '@abhyas/contracts';

export type SseClient = {
  status: number;
  headers: http.IncomingHttpHeaders;
  boards: Leaderboard[];
  pings: () => number;
  /** The names of the events other than `board`, in order. */
  others: string[];
  /** The first board from `from` on that satisfies `ok`, waiting up to `timeoutMs`. */
  next(ok: (b: Leaderboard) => boolean, p?: { from?: number; timeoutMs?: number }): Promise<Leaderboard>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/**
 * A Server-Sent Events client over a real connection, as the web app reads the board (fetch with
 * the Authorization header): collects `event: board` payloads, parsed with the contract, and counts
 * comment lines.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const boards: Leaderboard[] = [];
      let pings = 0;
      const others: string[] = [];
      let buffer = '';
      const waiting = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(':')) pings += 1;
          const lines = block.split('\n');
          if (lines[0] === 'event: board' && lines[1]?.startsWith('data: ')) boards.push(leaderboardSchema.parse(JSON.parse(lines[1].slice(6))));
          const named = lines.find((line) => line.startsWith('event: '))?.slice(7);
          if (named && named !== 'board') others.push(named);
        }
        for (const wake of [...waiting]) wake();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        boards,
        pings: () => pings,
        others,
        ended,
        close: () => req.destroy(),
        next(ok, p = {}) {
          const from = p.from ?? 0;
          return new Promise((found, fail) => {
            const check = () => {
              const hit = boards.slice(from).find(ok);
              if (!hit) return false;
              waiting.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiting.delete(check);
              fail(new Error(`no such board within ${p.timeoutMs ?? 2_000} ms; last: ${JSON.stringify(boards.at(-1)).slice(0, 500)}`));
            }, p.timeoutMs ?? 2_000);
            if (!check()) waiting.add(check);
          });
        },
      });
    });
    req.on('error', reject);
  });
}

/** The body of a refused request: the status and the parsed JSON. */
export function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}
