import { t } from '@/i18n/i18n';
import { serverClock } from '@/lib/server-clock';
import { useContests } from '../api/get-contests';
import { startingSoon } from '../utils/contest-lists';

function useSoonCount(): number {
  const contests = useContests();
  return contests.data ? startingSoon(contests.data.live, serverClock.now()).length : 0;
}

/**
 * The header's badge: how many contests the candidate joined start within 24 hours (or are on now),
 * beside the Contests link. Nothing when there are none. Loaded after the page, signed-in only.
 */
export default function ContestsSoonCount() {
  const count = useSoonCount();
  if (count === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{count === 1 ? t('nav.contestsSoonOne') : t('nav.contestsSoon', { count })}</span>
    </span>
  );
}

/** The same on the phone menu's button: a dot, so the candidate knows to look inside. */
export function ContestsSoonDot() {
  const count = useSoonCount();
  if (count === 0) return null;
  return (
    <span className="pointer-events-none absolute top-1.5 right-1.5 size-2.5 rounded-full bg-amber-500 ring-2 ring-white dark:ring-slate-950">
      <span className="sr-only">{count === 1 ? t('nav.contestsSoonOne') : t('nav.contestsSoon', { count })}</span>
    </span>
  );
}
