/**
 * A bare HTTP/1.1 keep-alive connection for request storms: the request is written as ready-made
 * bytes and the answer read by its Content-Length, with one request in flight. Sending two thousand
 * requests through it is two thousand socket writes, so the harness sends a storm within a few
 * milliseconds and spends little CPU on the answers, where node:http would spend a good part of the
 * time being measured building and parsing messages. Chunked answers are not read (the server and
 * the baselines answer JSON with a Content-Length).
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export type RawReply = { status: number; body: string; ms: number };

/** A request's bytes: method, path, headers and an optional JSON body. */
export function requestBytes(host: string, method: string, path: string, headers: Record<string, string>, body?: string): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

const HEADERS_END = Buffer.from('\r\n\r\n');

export class RawConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: RawReply) => void; reject: (e: Error) => void; sentAt: number } | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('the connection closed')));
  }

  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes the request and resolves with its answer; the time is from the write to the answer's last byte. */
  send(request: Buffer): Promise<RawReply> {
    if (this.waiting) return Promise.reject(new Error('a request is already in flight on this connection'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject, sentAt: performance.now() };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(err: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(err);
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf(HEADERS_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) {
      this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + HEADERS_END.length + length;
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + HEADERS_END.length, total).toString('utf8');
    this.buffer = this.buffer.subarray(total);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve({ status, body, ms: performance.now() - waiting.sentAt });
  }
}
