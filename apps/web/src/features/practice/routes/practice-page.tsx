import type { PracticeStart } from '@abhyas/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-error';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBookmarks } from '../api/get-bookmarks';
import { useMistakes } from '../api/get-mistakes';
import { usePracticeChoices } from '../api/get-practice-choices';
import { useSessions } from '../api/get-sessions';
import { useStartSession } from '../api/start-session';
import { useSetBookmark } from '../api/toggle-bookmark';
import { BookmarkList } from '../components/bookmark-list';
import { MistakesShelf } from '../components/mistakes-shelf';
import { RecentSessions } from '../components/recent-sessions';
import { DEFAULT_COUNT, StartForm } from '../components/start-form';
import { clampCount } from '../utils/session-progress';

/**
 * `/practice`: start a session from the bank, the mistakes shelf or the bookmarks, or resume a recent
 * one. `?topic=<slug>` (a topic page's "Practise this topic") or `?category=<path>` starts a session
 * for it at once.
 */
export function PracticePage() {
  useDocumentTitle(t('practice.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const topic = params.get('topic') ?? '';
  const category = params.get('category') ?? '';
  const choices = usePracticeChoices();
  const mistakes = useMistakes();
  const bookmarks = useBookmarks();
  const sessions = useSessions();
  const start = useStartSession();
  const setBookmark = useSetBookmark();

  const begin = (request: PracticeStart) =>
    start.mutate(request, { onSuccess: (session) => void navigate(`/practice/${session.id}`, { replace: Boolean(topic || category) }) });

  // Arriving from a topic page starts that topic's session once; its failure shows below the form.
  const startedFromAddress = useRef(false);
  useEffect(() => {
    if (startedFromAddress.current || (!topic && !category)) return;
    startedFromAddress.current = true;
    begin({ source: 'bank', count: DEFAULT_COUNT, ...(topic ? { topic } : { category }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit, from the address it arrived with
  }, []);

  const removeBookmark = (questionId: string) =>
    setBookmark.mutate({ questionId, bookmarked: false }, { onError: (error) => toast.error(errorMessage(error, t('practice.session.bookmarkFailed'))) });

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{t('practice.title')}</h1>
        <p className="text-lg leading-8 text-slate-700 dark:text-slate-300">{t('practice.intro')}</p>
      </header>

      {start.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(start.error, t('practice.start.failed'))}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-3">
          {choices.isError && <QueryError message={t('practice.choices.failed')} retryLabel={t('practice.retry')} onRetry={() => void choices.refetch()} retrying={choices.isFetching} />}
          <StartForm
            choices={choices.data}
            initial={{ by: topic ? 'topic' : 'category', topic, category }}
            pending={start.isPending}
            onStart={begin}
          />
        </div>
        <div className="flex flex-col gap-6">
          <MistakesShelf
            shelf={mistakes.data}
            failed={mistakes.isError}
            onRetry={() => void mistakes.refetch()}
            pending={start.isPending}
            onStart={() => begin({ source: 'mistakes', count: clampCount(mistakes.data?.due || DEFAULT_COUNT) })}
          />
          <BookmarkList
            bookmarks={bookmarks.data}
            failed={bookmarks.isError}
            onRetry={() => void bookmarks.refetch()}
            pending={start.isPending}
            onStart={() => begin({ source: 'bookmarks', count: clampCount(bookmarks.data?.length ?? DEFAULT_COUNT) })}
            onRemove={removeBookmark}
          />
        </div>
      </div>

      <RecentSessions sessions={sessions.data} failed={sessions.isError} onRetry={() => void sessions.refetch()} />
    </div>
  );
}
