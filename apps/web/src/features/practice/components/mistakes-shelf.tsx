import type { Mistakes } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';

/** The mistakes shelf: how many wrong answers are due today, later and mastered, and "Practise my mistakes". */
export function MistakesShelf({
  shelf,
  failed,
  onRetry,
  pending,
  onStart,
}: {
  shelf: Mistakes | undefined;
  failed: boolean;
  onRetry: () => void;
  pending: boolean;
  onStart: () => void;
}) {
  const figures = shelf
    ? [
        { label: t('practice.mistakes.due'), value: shelf.due, tone: 'text-amber-800 dark:text-amber-300' },
        { label: t('practice.mistakes.later'), value: shelf.later, tone: 'text-slate-900 dark:text-white' },
        { label: t('practice.mistakes.mastered'), value: shelf.mastered, tone: 'text-emerald-800 dark:text-emerald-300' },
      ]
    : [];
  return (
    <Card as="section" aria-labelledby="practice-mistakes-title" className="flex flex-col gap-4">
      <h2 id="practice-mistakes-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('practice.mistakes.title')}
      </h2>
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{t('practice.mistakes.body')}</p>
      {failed && <QueryError message={t('practice.mistakes.failed')} retryLabel={t('practice.retry')} onRetry={onRetry} />}
      {!shelf && !failed && <Spinner />}
      {shelf && (
        <>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {figures.map((f) => (
              <div key={f.label} className="flex flex-col-reverse gap-1 rounded-xl bg-slate-100 px-2 py-3 dark:bg-slate-800">
                <dt className="text-sm text-slate-700 dark:text-slate-300">{f.label}</dt>
                <dd className={`text-2xl font-extrabold ${f.tone}`}>{f.value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {shelf.total === 0 ? t('practice.mistakes.empty') : t('practice.mistakes.masteredHint')}
            {shelf.due === 0 && shelf.nextDueAt && <> {t('practice.mistakes.nextDue', { date: formatDate(shelf.nextDueAt) })}</>}
          </p>
          <Button variant="secondary" disabled={shelf.total === 0 || pending} onClick={onStart} className="self-stretch sm:self-start">
            {t('practice.mistakes.start')}
          </Button>
        </>
      )}
    </Card>
  );
}
