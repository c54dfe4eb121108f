import type { Notice } from '@abhyas/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNotices } from '../api/get-notices';
import { useMarkNoticesRead } from '../api/mark-notices-read';
import { noticeWords } from '../components/notice-words';

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const { text, reply } = noticeWords(notice);
  const unread = notice.readAt === null;
  return (
    <li
      className={cx(
        'flex flex-col gap-2 rounded-2xl border p-4 sm:p-5',
        unread ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-700 dark:bg-indigo-950/40' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        {unread && <Badge tone="indigo">{t('notices.new')}</Badge>}
        <time dateTime={notice.createdAt}>{formatDateTime(notice.createdAt)}</time>
      </div>
      <p className={cx('break-words', unread && 'font-semibold')}>{text}</p>
      {reply && <p className="break-words text-slate-700 dark:text-slate-300">{t('notices.reply', { reply })}</p>}
      {notice.link &&
        (notice.link.startsWith('/') ? (
          <Link to={notice.link} onClick={unread ? onOpen : undefined} className="self-start font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
            {t('notices.open')}
          </Link>
        ) : (
          <a href={notice.link} onClick={unread ? onOpen : undefined} className="self-start font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
            {t('notices.open')}
          </a>
        ))}
    </li>
  );
}

/** `/notices`: what the platform told the signed-in person, newest first, unread ones marked; "Mark all read". */
export function NoticesPage() {
  useDocumentTitle(t('notices.title'));
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const list = notices.data?.data ?? [];
  const unread = notices.data?.unread ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight">{t('notices.title')}</h1>
          <p className="text-slate-600 dark:text-slate-400">{unread === 0 ? t('notices.allRead') : unread === 1 ? t('notices.unreadOne') : t('notices.unread', { count: unread })}</p>
        </div>
        {notices.data && (
          <Button variant="secondary" onClick={() => markRead.mutate(undefined)} disabled={unread === 0 || markRead.isPending}>
            {t('notices.markAllRead')}
          </Button>
        )}
      </header>
      {markRead.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(markRead.error, t('notices.markFailed'))}
        </Alert>
      )}
      {notices.isError && (
        <QueryError message={errorMessage(notices.error, t('notices.fetchFailed'))} retryLabel={t('notices.retry')} onRetry={() => void notices.refetch()} retrying={notices.isFetching} />
      )}
      {notices.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('notices.loading')}
        </p>
      )}
      {notices.data &&
        (list.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('notices.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onOpen={() => markRead.mutate([notice.id])} />
            ))}
          </ul>
        ))}
    </div>
  );
}
