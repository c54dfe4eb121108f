/**
 * One viewer of a contest's live board: a plain HTTP client holding GET
 * /api/contests/:id/leaderboard/stream open on a connection of its own (as each browser tab does),
 * reading the Server-Sent Events as they arrive. It keeps counts and times, not the boards, so
 * thousands of viewers cost the harness little: a board is looked at only for one name (a string
 * search), and kept whole only when asked for.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export class BoardViewer {
  /** When the first `board` event arrived (performance.now()), and its size in bytes. */
  firstBoardAt: number | null = null;
  firstBoardBytes = 0;
  boards = 0;
  pings = 0;
  /** When a board naming the watched name first arrived; the board itself when `keep` was set. */
  seenAt: number | null = null;
  seenBoard: string | null = null;
  error: string | null = null;
  readonly openedAt = performance.now();
  private watched: { needle: string; keep: boolean } | null = null;
  private buffer = '';
  private readonly req: http.ClientRequest;
  private readonly firstBoard: Promise<void>;
  private readonly onFirst: () => void;

  constructor(baseUrl: string, path: string, headers: Record<string, string>) {
    const url = new URL(baseUrl);
    let settle!: () => void;
    this.firstBoard = new Promise((resolve) => (settle = resolve));
    this.onFirst = settle;
    this.req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        this.fail(`answered ${res.statusCode} (${String(res.headers['content-type'])})`);
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => this.read(chunk));
      res.on('end', () => this.fail('the stream ended'));
      res.on('error', (err) => this.fail(err.message));
    });
    this.req.on('error', (err) => this.fail(err.message));
    this.req.end();
  }

  /** Resolves once the first board arrived or the stream failed; rejects after `ms`. */
  ready(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((_, reject) => (timer = setTimeout(() => reject(new Error(`no board within ${ms} ms`)), ms)));
    return Promise.race([this.firstBoard, late]).finally(() => clearTimeout(timer));
  }

  /** From now on, notes when a board first names `name` (a row's `name` field); `keep` keeps that board's JSON. */
  watch(name: string, keep = false): void {
    this.watched = { needle: `"name":${JSON.stringify(name)}`, keep };
    this.seenAt = null;
    this.seenBoard = null;
  }

  close(): void {
    this.watched = null;
    this.req.destroy();
  }

  private fail(message: string): void {
    if (!this.error && !this.req.destroyed) this.error = message;
    this.onFirst();
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.frame(frame);
    }
  }

  private frame(frame: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) this.pings += 1;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    if (event !== 'board' || data.length === 0) return;
    const at = performance.now();
    this.boards += 1;
    const text = data.join('\n');
    if (this.firstBoardAt === null) {
      this.firstBoardAt = at;
      this.firstBoardBytes = Buffer.byteLength(text);
      this.onFirst();
    }
    if (this.watched && this.seenAt === null && text.includes(this.watched.needle)) {
      this.seenAt = at;
      if (this.watched.keep) this.seenBoard = text;
    }
  }
}
