import { Alert } from '@/components/ui/alert';
import { t } from '@/i18n/i18n';
import type { NotCounted } from '../utils/device-store';

/** The answers the server did not take (the attempt or its section had closed, another device took over), by question. */
export function NotCountedList({ notCounted, numberOf: shown }: { notCounted: readonly NotCounted[]; numberOf: (questionId: string) => number }) {
  // A question of a closed locked section is no longer in the attempt: its number was kept with the save.
  const numberOf = (questionId: string) => shown(questionId) || (notCounted.find((n) => n.questionId === questionId)?.number ?? 0);
  const sorted = [...notCounted].sort((a, b) => numberOf(a.questionId) - numberOf(b.questionId));
  return (
    <Alert tone="error" role="alert" title={notCounted.length === 1 ? t('exam.notCounted.titleOne') : t('exam.notCounted.title', { count: notCounted.length })}>
      <ul className="list-disc pl-5">
        {sorted.map((n) => (
          <li key={n.questionId}>{t('exam.notCounted.item', { number: numberOf(n.questionId), reason: t(`exam.notCounted.${n.reason}`) })}</li>
        ))}
      </ul>
    </Alert>
  );
}
