import { useState } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import type { ServerClock } from '@/lib/server-clock';
import { useClockValue } from '@/lib/use-clock-value';

/** "1:05:09" or "04:59" for a time left; never negative. Whole seconds, rounded up, so 0:00 means none left. */
function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Moments announced to screen readers, in minutes left; nothing in between, never every second. */
const ANNOUNCE_AT_MINUTES = [5, 1] as const;

function Clock({ label, secondsLeft, urgent }: { label: string; secondsLeft: number; urgent: boolean }) {
  const text = formatClock(secondsLeft * 1000);
  return (
    <div className="flex flex-col items-end leading-tight">
      <span className="text-xs text-slate-600 dark:text-slate-400 hc:text-white">{label}</span>
      <span
        role="timer"
        aria-label={`${label}: ${text}`}
        className={cx('font-mono text-lg font-bold tabular-nums sm:text-xl', urgent ? 'text-red-700 dark:text-red-400 hc:text-yellow-300 hc:underline' : 'text-slate-900 dark:text-white hc:text-white')}
      >
        {text}
      </span>
    </div>
  );
}

/**
 * Time left overall and, with locked sections, in the open section, from the server's clock. A polite
 * live region says "5 minutes left" and "1 minute left" as they pass, and nothing else.
 */
export function Countdown({ clock, endsAt, sectionClosesAt }: { clock: ServerClock; endsAt: number; sectionClosesAt: number | null }) {
  const overall = useClockValue(clock, (now) => Math.max(0, Math.ceil((endsAt - now) / 1000)));
  const section = useClockValue(clock, (now) => (sectionClosesAt === null ? null : Math.max(0, Math.ceil((sectionClosesAt - now) / 1000))));
  // The clock that runs out first is the one announced.
  const next = section === null ? overall : Math.min(section, overall);
  const [announcement, setAnnouncement] = useState('');
  const [before, setBefore] = useState(next);
  if (before !== next) {
    setBefore(next);
    for (const minutes of ANNOUNCE_AT_MINUTES) {
      if (before > minutes * 60 && next <= minutes * 60 && next > 0) {
        if (section === null) setAnnouncement(minutes === 1 ? t('exam.timer.oneMinuteLeft') : t('exam.timer.minutesLeft', { count: minutes }));
        else setAnnouncement(minutes === 1 ? t('exam.timer.sectionOneMinuteLeft') : t('exam.timer.sectionMinutesLeft', { count: minutes }));
      }
    }
  }

  return (
    <div className="flex items-center gap-3 sm:gap-5">
      {section !== null && <Clock label={t('exam.timer.section')} secondsLeft={section} urgent={section <= 60} />}
      <Clock label={t('exam.timer.overall')} secondsLeft={overall} urgent={overall <= 300} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
