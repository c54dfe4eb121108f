import type { PracticeSession } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { accuracy } from '../utils/session-progress';

/** The end of a session: the score, each question's result (to look at again), and what to do next. */
export function SessionSummary({
  session,
  pending,
  onAgain,
  onWrongAgain,
  onOpen,
}: {
  session: PracticeSession;
  pending: boolean;
  onAgain: () => void;
  /** Absent when every answer was right. */
  onWrongAgain: (() => void) | undefined;
  onOpen: (index: number) => void;
}) {
  const percent = accuracy(session.correct, session.answered);
  return (
    <Card as="section" aria-labelledby="practice-summary-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id="practice-summary-title" tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none dark:text-white">
          {t('practice.summary.title')}
        </h2>
        <p className="text-lg text-slate-800 dark:text-slate-200">
          {t('practice.summary.score', { correct: session.correct, total: session.questions.length })}
          {percent !== null && <span className="text-slate-600 dark:text-slate-400"> · {t('practice.summary.accuracy', { percent })}</span>}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="font-bold text-slate-900 dark:text-white">{t('practice.summary.review')}</h3>
        <ol className="flex flex-wrap gap-2">
          {session.questions.map((q, index) => {
            const result = q.feedback === null ? 'unanswered' : q.feedback.isCorrect ? 'right' : 'notRight';
            return (
              <li key={q.questionId}>
                <button
                  type="button"
                  onClick={() => onOpen(index)}
                  aria-label={t('practice.summary.question', { number: index + 1, result: t(`practice.summary.${result}`) })}
                  title={t('practice.summary.open', { number: index + 1 })}
                  className={cx(
                    'grid size-11 place-items-center rounded-lg border-2 text-base font-bold',
                    result === 'right' && 'border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200',
                    result === 'notRight' && 'rounded-full border-red-600 bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-200',
                    result === 'unanswered' && 'border-dashed border-slate-400 text-slate-700 dark:text-slate-300',
                  )}
                >
                  {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={onAgain} disabled={pending}>
          {t('practice.summary.again')}
        </Button>
        {onWrongAgain && (
          <Button variant="secondary" onClick={onWrongAgain} disabled={pending}>
            {t('practice.summary.wrongAgain')}
          </Button>
        )}
        <ButtonLink to="/practice" variant="ghost">
          {t('practice.session.back')}
        </ButtonLink>
      </div>
    </Card>
  );
}
