import type { Leaderboard } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { board, boardRow } from '@/testing/contest-fixtures';
import { boardParser, movedDelay, readBoards, reconnectDelay } from './board-stream';

const event = (b: unknown) => `event: board\ndata: ${JSON.stringify(b)}\n\n`;

describe('the leaderboard event stream', () => {
  it('reads boards however the network splits them, and skips pings, other events and broken data', () => {
    const seen: Leaderboard[] = [];
    const parser = boardParser((b) => seen.push(b));
    const first = board();
    const second = board({ rows: [boardRow({ name: 'Ravi', score: 14 })], total: 1 });
    const text = `: ping\n\n${event(first)}event: hello\ndata: {}\n\nevent: board\ndata: {not json\n\nevent: board\ndata: {"contestId":"c"}\n\n${event(second)}`;
    // One character at a time, across every boundary, including the multi-byte ones.
    for (const char of text) parser.feed(char);
    expect(seen).toEqual([first, second]);
  });

  it('decodes a byte stream and stops when it ends', async () => {
    const seen: Leaderboard[] = [];
    const bytes = new TextEncoder().encode(event(board({ rows: [boardRow({ name: 'Meenakshi Iyer — टॉपर' })], total: 1 })));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside the Devanagari, which takes three bytes a letter.
        const cut = bytes.length - 30;
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    await readBoards(body, (b) => seen.push(b), new AbortController().signal);
    expect(seen.map((b) => b.rows[0]?.name)).toEqual(['Meenakshi Iyer — टॉपर']);
  });

  it('answers whether the server asked to reconnect elsewhere, and after how long', async () => {
    const read = async (text: string) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
      const seen: Leaderboard[] = [];
      return { ...(await readBoards(body, (b) => seen.push(b), new AbortController().signal)), boards: seen.length };
    };
    expect(await read(event(board()))).toEqual({ reconnectInMs: null, boards: 1 });
    expect(await read(`${event(board())}retry: 1500\nevent: reconnect\ndata: {}\n\n`)).toEqual({ reconnectInMs: 1500, boards: 1 });
    expect(await read('event: reconnect\ndata: {}\n\n')).toEqual({ reconnectInMs: 1000, boards: 0 });
    expect([movedDelay(1000, () => 0), movedDelay(1000, () => 0.5), movedDelay(1000, () => 0.999)]).toEqual([500, 1000, 1499]);
  });

  it('waits longer after each failure, up to 30 seconds', () => {
    expect([1, 2, 3, 4, 10].map((n) => reconnectDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(reconnectDelay(1, () => 0)).toBe(800);
  });
});
