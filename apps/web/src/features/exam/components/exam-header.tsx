import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import type { ServerClock } from '@/lib/server-clock';
import type { SessionSnapshot } from '../utils/session-snapshot';
import { Countdown } from './countdown';

export interface ExamHeaderProps {
  title: string;
  snapshot: SessionSnapshot;
  clock: ServerClock;
  endsAt: number;
  sectionClosesAt: number | null;
  /** The attempt's compensatory time in extra minutes per hour (0: none), which its clock includes. */
  extraMinutesPerHour: number;
  /** The header's buttons (ExamToolbar): a row of their own below `lg`. */
  toolbar: ReactNode;
  /** The default language of a test offered in two, beside the countdown. */
  languageControl?: ReactNode;
}

/** Whether every save has reached the server, or how many wait (on their way, or on the device while offline). */
function saveStatus({ pending, offline }: SessionSnapshot): string {
  if (pending === 0) return offline ? t('exam.status.offlineNone') : t('exam.status.saved');
  if (offline) return pending === 1 ? t('exam.status.offlineOne') : t('exam.status.offline', { count: pending });
  return pending === 1 ? t('exam.status.sendingOne') : t('exam.status.sending', { count: pending });
}

/**
 * The exam screen's header: the test's title, whether the saves are in, the compensatory time the
 * clock includes, the default language of a test in two, the countdown and the toolbar.
 */
export function ExamHeader({ title, snapshot, clock, endsAt, sectionClosesAt, extraMinutesPerHour, toolbar, languageControl }: ExamHeaderProps) {
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-5 dark:border-slate-800 dark:bg-slate-900 hc:border-white hc:bg-black">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold sm:text-lg">{title}</h1>
          <p
            className={cx(
              'truncate text-xs',
              snapshot.pending > 0 ? 'font-semibold text-amber-800 dark:text-amber-300 hc:text-yellow-300' : 'text-slate-600 dark:text-slate-400 hc:text-white',
            )}
          >
            {snapshot.takenOver ? t('exam.status.elsewhere') : saveStatus(snapshot)}
          </p>
          {extraMinutesPerHour > 0 && <p className="truncate text-xs text-slate-600 dark:text-slate-400 hc:text-white">{t('exam.timer.compensatory', { extra: extraMinutesPerHour })}</p>}
        </div>
        {languageControl}
        <Countdown clock={clock} endsAt={endsAt} sectionClosesAt={sectionClosesAt} />
        {toolbar}
      </header>
      <p role="status" className="sr-only">
        {snapshot.offline ? t('exam.status.offlineAnnounce') : ''}
      </p>
    </>
  );
}
