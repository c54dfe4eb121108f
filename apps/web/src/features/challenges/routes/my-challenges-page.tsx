import type { MyFlag } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyFlags } from '../api/get-my-flags';
import { FlagStatus } from '../components/flag-status';

/** Where the question was seen: a test (with its number there) or practice. */
function placeOf(flag: MyFlag): string {
  if (!flag.test) return t('challenges.mine.practice');
  return flag.questionNumber === null ? flag.test.title : t('challenges.mine.question', { number: flag.questionNumber, test: flag.test.title });
}

function FlagItem({ flag }: { flag: MyFlag }) {
  const headingId = `flag-${flag.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={flag.kind === 'challenge' ? 'indigo' : 'slate'}>{t(`challenges.mine.kind.${flag.kind}`)}</Badge>
        <h2 id={headingId} className="min-w-0 font-bold break-words">
          {placeOf(flag)}
        </h2>
      </div>
      {flag.excerpt && <blockquote className="border-l-4 border-slate-300 pl-3 text-slate-700 break-words dark:border-slate-700 dark:text-slate-300">{flag.excerpt}</blockquote>}
      <FlagStatus flag={flag} />
      {flag.test && flag.attemptId && (
        <TextLink to={`/attempts/${encodeURIComponent(flag.attemptId)}/review`} className="self-start text-sm">
          {t('challenges.mine.openReview')}
        </TextLink>
      )}
    </Card>
  );
}

/** `/me/challenges`: the candidate's challenges to answer keys and reports of problems, newest first, each with its outcome and the editor's reply. */
export function MyChallengesPage() {
  useDocumentTitle(t('challenges.mine.title'));
  const flags = useMyFlags();
  const list = flags.data ?? [];
  const waiting = list.filter((f) => f.status === 'open').length;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{t('challenges.mine.title')}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t('challenges.mine.intro')}</p>
      </header>
      {flags.isError && (
        <QueryError message={errorMessage(flags.error, t('challenges.mine.fetchFailed'))} retryLabel={t('challenges.retry')} onRetry={() => void flags.refetch()} retrying={flags.isFetching} />
      )}
      {flags.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('challenges.mine.loading')}
        </p>
      )}
      {flags.data &&
        (list.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('challenges.mine.empty')}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('challenges.mine.count', { count: list.length, waiting })}</p>
            {list.map((flag) => (
              <FlagItem key={flag.id} flag={flag} />
            ))}
          </>
        ))}
    </div>
  );
}
