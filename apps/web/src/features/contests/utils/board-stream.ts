import { leaderboardSchema, type Leaderboard } from '@abhyas/contracts';
import { createParser } from 'eventsource-parser';

/** How long to wait before reconnecting after `event: reconnect` when the server named no `retry:`. */
const RECONNECT_DEFAULT_MS = 1_000;

/**
 * Reads the leaderboard's Server-Sent Events (`event: board` carrying the Leaderboard JSON, and
 * `: ping` comments) from text chunks as they arrive, however the network splits them. A board
 * that does not parse is skipped: the next one replaces it anyway. `event: reconnect` (the server
 * process is stopping: the board goes on at another) is kept with its `retry:` delay, in `moved()`.
 */
export function boardParser(onBoard: (board: Leaderboard) => void) {
  let retryMs = RECONNECT_DEFAULT_MS;
  let moved: number | null = null;
  const parser = createParser({
    onRetry: (ms) => void (retryMs = ms),
    onEvent: (message) => {
      if (message.event === 'reconnect') moved = retryMs;
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
  return { feed: (chunk: string) => parser.feed(chunk), moved: () => moved };
}

/**
 * Feeds a response body, decoded as UTF-8, to a board parser until the server ends the stream or
 * `signal` aborts. Answers the delay the server asked for before reconnecting elsewhere, or null.
 */
export async function readBoards(body: ReadableStream<Uint8Array>, onBoard: (board: Leaderboard) => void, signal: AbortSignal): Promise<{ reconnectInMs: number | null }> {
  const parser = boardParser(onBoard);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return { reconnectInMs: parser.moved() };
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** Spreads the viewers a stopping process lets go over half to one and a half times the delay it asked for. */
export function movedDelay(retryMs: number, random: () => number = Math.random): number {
  return Math.round(retryMs * (0.5 + random()));
}

/** Waits before reconnecting: 1 s, 2 s, 4 s… up to 30 s, with a little jitter so viewers do not come back all at once. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
