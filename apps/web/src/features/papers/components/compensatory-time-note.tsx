import { withCompensatoryTime, type TestDetail } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { t } from '@/i18n/i18n';

/** "80 minutes", or "66 minutes 40 seconds" when the time is not whole minutes. */
export function lengthText(ms: number): string {
  const total = Math.round(ms / 1000);
  const [minutes, seconds] = [Math.floor(total / 60), total % 60];
  return seconds === 0 ? t('exam.intro.compensatory.minutes', { count: minutes }) : t('exam.intro.compensatory.minutesSeconds', { minutes, seconds });
}

/** The test's whole time with the candidate's compensatory time in it. */
export const compensatedLength = (test: Pick<TestDetail, 'durationMinutes'>, extraMinutesPerHour: number): string =>
  lengthText(withCompensatoryTime(test.durationMinutes * 60_000, extraMinutesPerHour));

/**
 * The signed-in candidate's compensatory time (docs/PRODUCT.md §8.11) on a test's instructions: the
 * extra minutes per hour and the time in all, and with locked sections each section's own.
 */
export function CompensatoryTimeNote({ test, extraMinutesPerHour }: { test: TestDetail; extraMinutesPerHour: number }) {
  return (
    <Alert tone="info" title={t('exam.intro.compensatory.title')}>
      <p>{t('exam.intro.compensatory.body', { extra: extraMinutesPerHour, total: compensatedLength(test, extraMinutesPerHour), minutes: test.durationMinutes })}</p>
      {test.lockedSections && (
        <>
          <p className="mt-1">{t('exam.intro.compensatory.locked')}</p>
          <ul className="mt-1 list-disc pl-5">
            {test.sections.map((section) => (
              <li key={section.id}>{t('exam.intro.compensatory.section', { section: section.title, length: lengthText(withCompensatoryTime((section.timeLimitMinutes ?? 0) * 60_000, extraMinutesPerHour)) })}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-1">{t('exam.intro.compensatory.clock')}</p>
    </Alert>
  );
}
