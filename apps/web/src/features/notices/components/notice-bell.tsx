import { NavLink } from 'react-router';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { useNotices } from '../api/get-notices';

function useUnread(): { unread: number; label: string } {
  const unread = useNotices().data?.unread ?? 0;
  const label = unread === 0 ? t('nav.notices') : unread === 1 ? t('nav.noticesUnreadOne') : t('nav.noticesUnread', { count: unread });
  return { unread, label };
}

/** The count on a bell or a menu link: "9+" beyond nine; read out through the link's name instead. */
function Count({ unread, className }: { unread: number; className?: string }) {
  if (unread === 0) return null;
  return (
    <span aria-hidden="true" className={cx('inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white', className)}>
      {unread > 9 ? '9+' : unread}
    </span>
  );
}

/**
 * The header's bell: a link to `/notices` with the unread count, asked for every minute and when the
 * window regains focus. Loaded after the page, for signed-in people only; its words are the shell's.
 */
export default function NoticeBell() {
  const { unread, label } = useUnread();
  return (
    <NavLink
      to="/notices"
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        cx(
          'relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg',
          isActive ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-slate-800 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800',
        )
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-6">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <Count unread={unread} className="absolute top-0.5 right-0 ring-2 ring-white dark:ring-slate-950" />
    </NavLink>
  );
}

/** The same in the phone menu, where the bar has no room for the bell: "Notices" with the count. */
export function NoticesMenuLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const { unread, label } = useUnread();
  return (
    <NavLink to="/notices" aria-label={label} className={className}>
      {t('nav.notices')}
      <Count unread={unread} className="ml-1.5" />
    </NavLink>
  );
}

/** A dot on the phone menu's button while there are unread notices, so the person knows to look inside. */
export function NoticesDot() {
  const { unread, label } = useUnread();
  if (unread === 0) return null;
  return (
    <span className="pointer-events-none absolute top-1.5 left-1.5 size-2.5 rounded-full bg-red-700 ring-2 ring-white dark:ring-slate-950">
      <span className="sr-only">{label}</span>
    </span>
  );
}
