import type { ReactNode, Ref } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
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
  paletteOpen: boolean;
  paletteId: string;
  paletteButtonRef: Ref<HTMLButtonElement>;
  onTogglePalette: () => void;
  onHelp: () => void;
  /** The default language of a test offered in two, beside the countdown. */
  languageControl?: ReactNode;
}

/** Whether every save has reached the server, or how many wait (on their way, or on the device while offline). */
function saveStatus({ pending, offline }: SessionSnapshot): string {
  if (pending === 0) return t('exam.status.saved');
  if (offline) return pending === 1 ? t('exam.status.offlineOne') : t('exam.status.offline', { count: pending });
  return pending === 1 ? t('exam.status.sendingOne') : t('exam.status.sending', { count: pending });
}

/** The exam screen's header: the test's title, whether the saves are in, the countdown, Help and (on a phone) the palette's button. */
export function ExamHeader({ title, snapshot, clock, endsAt, sectionClosesAt, paletteOpen, paletteId, paletteButtonRef, onTogglePalette, onHelp, languageControl }: ExamHeaderProps) {
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 sm:px-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold sm:text-lg">{title}</h1>
          <p className={cx('truncate text-xs', snapshot.pending > 0 ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400')}>
            {snapshot.takenOver ? t('exam.status.elsewhere') : saveStatus(snapshot)}
          </p>
        </div>
        {languageControl}
        <Countdown clock={clock} endsAt={endsAt} sectionClosesAt={sectionClosesAt} />
        <div className="flex gap-1">
          <Button variant="ghost" className="px-3" aria-label={t('exam.help.open')} aria-keyshortcuts="?" onClick={onHelp}>
            ?
          </Button>
          <button
            type="button"
            ref={paletteButtonRef}
            className={buttonClasses({ variant: 'secondary', className: 'px-3 lg:hidden' })}
            aria-expanded={paletteOpen}
            aria-controls={paletteId}
            aria-keyshortcuts="Q"
            onClick={onTogglePalette}
          >
            {t('exam.palette.toggle')}
          </button>
        </div>
      </header>
      <p role="status" className="sr-only">
        {snapshot.offline ? t('exam.status.offlineAnnounce') : ''}
      </p>
    </>
  );
}
