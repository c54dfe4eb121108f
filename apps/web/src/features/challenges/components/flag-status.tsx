import type { MyFlag } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';

/** Whether the editors have answered, as a badge with words (the colour only repeats them). */
export function FlagStateBadge({ flag }: { flag: MyFlag }) {
  return flag.status === 'open' ? <Badge tone="amber">{t('challenges.state.open')}</Badge> : <Badge tone="green">✓ {t('challenges.state.resolved')}</Badge>;
}

/**
 * A challenge or report as its author follows it: what was sent and when, then the outcome in words
 * and the editor's reply once it is answered.
 */
export function FlagStatus({ flag }: { flag: MyFlag }) {
  const challenge = flag.kind === 'challenge';
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(challenge ? 'challenges.status.challengeSent' : 'challenges.status.reportSent', { date: formatDate(flag.createdAt) })}</span>
        <FlagStateBadge flag={flag} />
      </p>
      <p>{t(challenge ? 'challenges.status.yourChallenge' : 'challenges.status.yourReport', { reason: t(`challenges.reason.${flag.reason}`) })}</p>
      {flag.comment && <p className="break-words text-slate-700 dark:text-slate-300">{t('challenges.status.comment', { comment: flag.comment })}</p>}
      {flag.status === 'open' ? (
        <p className="text-slate-700 dark:text-slate-300">{t(challenge ? 'challenges.status.waitingChallenge' : 'challenges.status.waitingReport')}</p>
      ) : (
        <>
          {flag.resolution && <p className="font-semibold">{t(`challenges.resolution.${flag.resolution}`)}</p>}
          {flag.reply && <p className="break-words">{t('challenges.status.reply', { reply: flag.reply })}</p>}
          {flag.resolvedAt && <p className="text-slate-600 dark:text-slate-400">{t('challenges.status.resolvedOn', { date: formatDate(flag.resolvedAt) })}</p>}
        </>
      )}
    </div>
  );
}
