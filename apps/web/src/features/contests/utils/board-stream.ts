import { leaderboardSchema, type Leaderboard } from '@abhyas/contracts';
import { createParser } from 'eventsource-parser';

/**
 * Reads the leaderboard's Server-Sent Events (`event: board` carrying the Leaderboard JSON, and
 * `: ping` comments) from text chunks as they arrive, however the network splits them. A board
 * that does not parse is skipped: the next one replaces it anyway.
 */
export function boardParser(onBoard: (board: Leaderboard) => void) {
  const parser = createParser({
    onEvent: (message) => {
      if (message.event !== 'board') return;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = leaderboardSchema.safeParse(json);
      if (parsed.success) onBoard(parsed.data);
    },
  });
  return { feed: (chunk: string) => parser.feed(chunk) };
}

/** Feeds a response body, decoded as UTF-8, to a board parser until the server ends the stream or `signal` aborts. */
export async function readBoards(body: ReadableStream<Uint8Array>, onBoard: (board: Leaderboard) => void, signal: AbortSignal): Promise<void> {
  const parser = boardParser(onBoard);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** Waits before reconnecting: 1 s, 2 s, 4 s… up to 30 s, with a little jitter so viewers do not come back all at once. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
