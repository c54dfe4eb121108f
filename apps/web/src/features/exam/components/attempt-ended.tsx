import type { Attempt, AttemptStatus } from '@abhyas/contracts';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import type { NotCounted } from '../utils/device-store';
import { NotCountedList } from './not-counted-list';

export interface AttemptEndedProps {
  attempt: Attempt;
  /** Who submitted it: the candidate on another device, or the server when the time ran out. */
  submittedBy: NonNullable<AttemptStatus['submittedBy']>;
  notCounted: readonly NotCounted[];
}

/**
 * What a device sees when the attempt it showed was submitted elsewhere or by the server: who
 * submitted it, the answers this device held that did not count, and the way to the result.
 */
export function AttemptEnded({ attempt, submittedBy, notCounted }: AttemptEndedProps) {
  const byServer = submittedBy === 'server';
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{byServer ? t('exam.ended.byServer') : t('exam.ended.elsewhere')}</h1>
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {byServer ? t('exam.ended.byServerBody') : t('exam.ended.elsewhereBody')}
      </p>
      {notCounted.length > 0 && (
        <NotCountedList notCounted={notCounted} numberOf={(id) => attempt.questions.find((q) => q.questionId === id)?.number ?? 0} />
      )}
      <ButtonLink to={`/attempts/${encodeURIComponent(attempt.id)}/result`}>{t('exam.submitted.result')}</ButtonLink>
    </div>
  );
}
