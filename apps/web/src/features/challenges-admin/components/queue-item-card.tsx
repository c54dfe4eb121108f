import { REPORT_REASONS, type ChallengeQueueItem } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';
import { DecisionForm } from './decision-form';
import { ItemAnalysis } from './item-analysis';
import { ResolveForm } from './resolve-form';

/** The key decision already taken on the item, in words. */
function DecisionTaken({ decision }: { decision: NonNullable<ChallengeQueueItem['decision']> }) {
  return (
    <div role="note" className="flex flex-col gap-1 rounded-xl border-2 border-indigo-400 bg-indigo-50 px-4 py-3 text-sm dark:border-indigo-600 dark:bg-indigo-950/50">
      <p className="font-bold">
        <span aria-hidden="true">⚖ </span>
        {t('challengeQueue.decision', { action: t(`challengeQueue.action.${decision.action}`), date: formatDate(decision.decidedAt) })}
      </p>
      {decision.correctOptionIds && <p>{t('challengeQueue.decisionOptions', { options: decision.correctOptionIds.join(', ') })}</p>}
      <p>{decision.testId ? t('challengeQueue.decisionScopeTest') : t('challengeQueue.decisionScopeEvery')}</p>
      <p className="break-words">{t('challengeQueue.decisionNote', { note: decision.note })}</p>
    </div>
  );
}

/**
 * One question of the queue: its stem and options with the key in force named, what candidates said
 * (counts by reason and their comments), the item analysis, the decision taken, and the forms to
 * decide on the key or to close its reports.
 */
export function QueueItemCard({ item }: { item: ChallengeQueueItem }) {
  const headingId = `queue-${item.questionId}-${item.version}-${item.test?.id ?? 'all'}`;
  const reasons = REPORT_REASONS.filter((r) => (item.counts[r] ?? 0) > 0);
  return (
    <Card as="article" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-lg font-bold break-words">
          {item.test ? t('challengeQueue.item.inTest', { test: item.test.title }) : t('challengeQueue.item.noTest')}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="slate">{t('challengeQueue.item.version', { version: item.version })}</Badge>
          <Badge tone={item.total > 0 ? 'amber' : 'slate'}>{t('challengeQueue.item.total', { count: item.total })}</Badge>
          {item.flaggedByStatistics && (
            <Badge tone="red">
              <span aria-hidden="true" className="mr-1">
                ⚠
              </span>
              {t('challengeQueue.item.flaggedByStatistics')}
            </Badge>
          )}
          {item.lastAt && <span className="text-slate-600 dark:text-slate-400">{t('challengeQueue.item.last', { date: formatDate(item.lastAt) })}</span>}
        </div>
      </div>

      <Prose html={item.stemHtml} className="max-w-none" />
      <ul className="flex flex-col gap-2" aria-label={t('challengeQueue.item.options')}>
        {item.options.map((option) => (
          <li
            key={option.id}
            className={cx('flex flex-wrap items-start gap-x-3 gap-y-1 rounded-xl border px-3 py-2', option.correct ? 'border-2 border-emerald-600 dark:border-emerald-500' : 'border-slate-200 dark:border-slate-800')}
          >
            <span className="font-bold">{option.id}.</span>
            <Prose html={option.html} className="min-w-0 flex-1 [&>p]:my-0" />
            {option.correct && <Badge tone="green">✓ {t('challengeQueue.key')}</Badge>}
          </li>
        ))}
      </ul>

      {reasons.length > 0 && (
        <section className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('challengeQueue.item.reasons')}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {reasons.map((r) => (
              <li key={r} className="flex justify-between gap-3 border-b border-slate-200 py-1 last:border-b-0 dark:border-slate-800">
                <span>{t(`challengeQueue.reason.${r}`)}</span>
                <span className="font-semibold tabular-nums">{item.counts[r]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {item.comments.length > 0 && (
        <details className="rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">{t('challengeQueue.item.comments', { count: item.comments.length })}</summary>
          <ul className="flex flex-col gap-2 pt-2 text-sm">
            {item.comments.map((c, index) => (
              <li key={`${c.createdAt}-${index}`} className="flex flex-col gap-0.5 border-t border-slate-200 pt-2 first:border-t-0 first:pt-0 dark:border-slate-800">
                <span className="text-slate-600 dark:text-slate-400">
                  {t(`challengeQueue.kind.${c.kind}`)} · {t(`challengeQueue.reason.${c.reason}`)} · {formatDate(c.createdAt)}
                </span>
                <span className="break-words">{c.comment}</span>
              </li>
            ))}
          </ul>
        </details>
      )}

      {item.itemStats && <ItemAnalysis stats={item.itemStats} options={item.options} />}
      {item.decision && <DecisionTaken decision={item.decision} />}

      <details open={!item.decision} className="rounded-xl border border-slate-300 px-3 py-2 sm:px-4 dark:border-slate-700">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">{item.decision ? t('challengeQueue.item.decideAgain') : t('challengeQueue.item.decide')}</summary>
        <div className="flex flex-col gap-6 pt-3 pb-2">
          <DecisionForm item={item} />
          <hr className="border-slate-200 dark:border-slate-800" />
          <ResolveForm questionId={item.questionId} />
        </div>
      </details>
    </Card>
  );
}
