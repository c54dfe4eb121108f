import type { PracticeSessionSummary } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { QueryError } from '@/components/ui/query-error';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';

/** The candidate's recent sessions, an open one first-class: "Resume" continues where it stopped. */
export function RecentSessions({ sessions, failed, onRetry }: { sessions: PracticeSessionSummary[] | undefined; failed: boolean; onRetry: () => void }) {
  return (
    <section aria-labelledby="practice-recent-title" className="flex flex-col gap-4">
      <h2 id="practice-recent-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('practice.recent.title')}
      </h2>
      {failed && <QueryError message={t('practice.recent.failed')} retryLabel={t('practice.retry')} onRetry={onRetry} />}
      {sessions?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('practice.recent.empty')}</p>}
      {sessions && sessions.length > 0 && (
        <ul className="flex flex-col gap-3">
          {sessions.map((s) => {
            const open = s.status === 'open';
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold break-words text-slate-900 dark:text-white">{s.label}</p>
                    <Badge tone={open ? 'amber' : 'green'}>{t(open ? 'practice.recent.open' : 'practice.recent.done')}</Badge>
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('practice.recent.progress', { answered: s.answered, total: s.questionCount, correct: s.correct })} ·{' '}
                    {t('practice.recent.started', { date: formatDate(s.startedAt) })}
                  </p>
                </div>
                <ButtonLink to={`/practice/${s.id}`} variant={open ? 'primary' : 'secondary'} className="w-full sm:w-auto" aria-label={`${t(open ? 'practice.recent.resume' : 'practice.recent.summary')}: ${s.label}`}>
                  {t(open ? 'practice.recent.resume' : 'practice.recent.summary')}
                </ButtonLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
