import type { Attempt, AttemptStatus } from '@abhyas/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ServerClock } from '@/lib/server-clock';
import { attemptStatusQueryOptions } from '../api/get-attempt-status';
import type { SessionSnapshot } from './session-snapshot';

/** While the exam screen is open and visible, how often it asks the server whether the attempt is still its own. */
export const WATCH_INTERVAL_MS = 20_000;

export interface AttemptWatchInput {
  attemptId: string;
  attempt: Attempt | undefined;
  snapshot: SessionSnapshot | null;
  clock: ServerClock;
  /** Fetches the whole attempt again, so the session and the screen take in what changed. */
  refetchAttempt: () => unknown;
}

/**
 * Keeps an idle exam screen honest (docs/PRODUCT.md §8.7): while the attempt is open it polls the
 * attempt's status every `WATCH_INTERVAL_MS` while the tab is visible, and at once when the window
 * gets focus, the tab comes back or the connection returns. When the server says another device now
 * writes, or that the attempt was submitted, the attempt is fetched again: the session then stops
 * sending and lists what still waited as not counted, and the screen says why. Answers who
 * submitted the attempt, once known.
 */
export function useAttemptWatch({ attemptId, attempt, snapshot, clock, refetchAttempt }: AttemptWatchInput): { submittedBy: AttemptStatus['submittedBy'] } {
  const watching = snapshot !== null;
  const open = attempt?.status === 'open';
  const status = useQuery({
    ...attemptStatusQueryOptions(attemptId, clock),
    enabled: watching,
    // The interval pauses while the tab is hidden; the tab coming back asks at once.
    refetchInterval: open ? WATCH_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: open ? 'always' : false,
    refetchOnReconnect: open ? 'always' : false,
  });
  const refetchStatus = status.refetch;

  // The focus manager follows the tab's visibility; a window getting focus back asks too.
  useEffect(() => {
    if (!watching || !open) return;
    const onFocus = () => void refetchStatus();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [watching, open, refetchStatus]);

  // The screen learnt something on its own (a save refused, a takeover taken back, the attempt closed): ask again, so what is shown agrees.
  const phase = [snapshot?.takenOver ?? false, snapshot?.ended ?? false, attempt?.status].join();
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current === phase) return;
    lastPhase.current = phase;
    if (watching) void refetchStatus();
  }, [phase, watching, refetchStatus]);

  // The server knows what the screen does not yet: another device writes, or the attempt was submitted.
  const seen = status.data;
  const news = seen !== undefined && open && (seen.status !== 'open' || (seen.writer === 'other' && snapshot?.takenOver === false));
  useEffect(() => {
    if (news) void refetchAttempt();
  }, [news, refetchAttempt]);

  return { submittedBy: seen?.submittedBy ?? null };
}
