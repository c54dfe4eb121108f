import type { Leaderboard } from '@abhyas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiStream } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useAuthToken } from '@/lib/use-auth-token';
import { movedDelay, readBoards, reconnectDelay } from '../utils/board-stream';
import { contestKeys } from './contest-keys';
import { getLeaderboard } from './get-leaderboard';

/** `live`: the stream delivers each change; `reconnecting`: it dropped and is being opened again; `polling`: no stream, the board is fetched every few seconds; `idle`: nothing more will change. */
export type BoardConnection = 'connecting' | 'live' | 'reconnecting' | 'polling' | 'idle';

/** After this many failed connections in a row the board is fetched by polling while the stream keeps being retried. */
const FAILURES_BEFORE_POLLING = 3;
export const POLL_MS = 5_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * A contest's leaderboard: fetched once, then, when `live`, kept current by the server's event stream
 * (read with fetch so the bearer token goes with it). A dropped stream is reopened with backoff;
 * while it is down, or when the server offers none, the board is polled instead. The stream ends
 * after the final board, or with `event: reconnect` when its server process stops: then it is
 * reopened after the delay the server asked for, with no failure counted.
 */
export function useLiveLeaderboard(contestId: string, live: boolean) {
  const signedIn = useAuthToken() !== null;
  const queryClient = useQueryClient();
  const key = contestKeys.leaderboard(contestId, signedIn);
  const [streamState, setConnection] = useState<BoardConnection>('connecting');
  const connection: BoardConnection = live ? streamState : 'idle';
  const polling = connection === 'polling' || connection === 'reconnecting';

  const board = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getLeaderboard(contestId, signal),
    staleTime: live ? 5_000 : 30_000,
    refetchInterval: polling ? POLL_MS : false,
  });

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    const { signal } = controller;
    const boardKey = contestKeys.leaderboard(contestId, signedIn);
    let failures = 0;

    async function run() {
      while (!signal.aborted) {
        let final = false;
        let moved: number | null = null;
        try {
          setConnection(failures === 0 ? 'connecting' : failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'reconnecting');
          const response = await apiStream(`contests/${encodeURIComponent(contestId)}/leaderboard/stream`, signal);
          if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) throw new Error('Not an event stream');
          ({ reconnectInMs: moved } = await readBoards(
            response.body,
            (next: Leaderboard) => {
              failures = 0;
              final = next.status === 'final';
              setConnection('live');
              // A fetch of the board still under way would answer with an older board than this one:
              // it is cancelled (and its cancellation settled) before the new board is written.
              void queryClient.cancelQueries({ queryKey: boardKey }).then(() => queryClient.setQueryData(boardKey, next));
            },
            signal,
          ));
        } catch (error) {
          if (signal.aborted) return;
          // A refusal that will not change (no stream for this contest): polling only.
          if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
            setConnection('polling');
            return;
          }
        }
        if (signal.aborted) return;
        if (final) {
          setConnection('idle');
          return;
        }
        // The server process stopped and said so: the board goes on at another, soon, with no failure counted.
        if (moved !== null) {
          await sleep(movedDelay(moved), signal);
          continue;
        }
        failures += 1;
        setConnection(failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'reconnecting');
        await sleep(reconnectDelay(failures), signal);
      }
    }
    void run();
    return () => controller.abort();
  }, [contestId, live, signedIn, queryClient]);

  return { board, connection };
}
