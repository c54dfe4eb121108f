import type { BookmarkItem } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';

const SHOWN = 5;

/** The candidate's bookmarks: the newest few with their stems, and "Practise my bookmarks". */
export function BookmarkList({
  bookmarks,
  failed,
  onRetry,
  pending,
  onStart,
  onRemove,
}: {
  bookmarks: BookmarkItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
  pending: boolean;
  onStart: () => void;
  onRemove: (questionId: string) => void;
}) {
  return (
    <Card as="section" aria-labelledby="practice-bookmarks-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="practice-bookmarks-title" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('practice.bookmarks.title')}
        </h2>
        {bookmarks && bookmarks.length > 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('practice.bookmarks.count', { count: bookmarks.length })}</p>}
      </div>
      {failed && <QueryError message={t('practice.bookmarks.failed')} retryLabel={t('practice.retry')} onRetry={onRetry} />}
      {!bookmarks && !failed && <Spinner />}
      {bookmarks?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('practice.bookmarks.empty')}</p>}
      {bookmarks && bookmarks.length > 0 && (
        <>
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {bookmarks.slice(0, SHOWN).map((b) => (
              <li key={b.questionId} className="flex flex-col gap-1 py-2">
                <Prose html={b.stemHtml} className="line-clamp-2 max-w-none text-base [&>*+*]:mt-0" />
                <div className="flex flex-wrap items-center justify-between gap-x-3">
                  <p className="text-xs text-slate-600 dark:text-slate-400">{b.categoryPath?.split('/').join(' › ')}</p>
                  <Button variant="ghost" className="px-2 text-sm" onClick={() => onRemove(b.questionId)}>
                    {t('practice.bookmarks.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {bookmarks.length > SHOWN && <p className="text-sm text-slate-600 dark:text-slate-400">{t('practice.bookmarks.more', { count: bookmarks.length - SHOWN })}</p>}
          <Button variant="secondary" disabled={pending} onClick={onStart} className="self-stretch sm:self-start">
            {t('practice.bookmarks.start')}
          </Button>
        </>
      )}
    </Card>
  );
}
