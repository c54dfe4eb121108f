import type { Attempt } from '@abhyas/contracts';
import { useEffect, useMemo } from 'react';
import type { ServerClock } from '@/lib/server-clock';
import { useClockValue } from '@/lib/use-clock-value';
import { openSectionAt, sectionGroups } from './palette';

/** Waits between asks while an open section's questions have not come, in milliseconds; the last one repeats. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * With locked sections the server delivers a section's questions only while it is open. When the
 * server's clock (as this device reckons it) opens the next section, the attempt is fetched again; and
 * asked again after a growing wait while the open section's questions have not come (the reckoning
 * may run a little ahead of the server, or the connection may be down).
 */
export function useSectionDelivery(attempt: Attempt | undefined, clock: ServerClock, refetch: (options: { cancelRefetch: boolean }) => unknown): void {
  const groups = useMemo(() => (attempt ? sectionGroups(attempt) : []), [attempt]);
  const locked = attempt?.lockedSections === true && attempt.status === 'open';
  const open = useClockValue(clock, (now) => openSectionAt(groups, locked, now));
  const expected = open !== null && open >= 0 ? (attempt?.sections[open]?.questionCount ?? 0) : 0;
  const missing = locked && open !== null && open >= 0 && (groups[open]?.questions.length ?? 0) < expected;

  useEffect(() => {
    if (!missing) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      // An ask still on its way is left to finish: a slow connection then still gets its answer.
      void refetch({ cancelRefetch: false });
      timer = setTimeout(ask, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
      tries += 1;
    };
    ask();
    return () => clearTimeout(timer);
  }, [missing, open, refetch]);
}
