import { useId } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { optionLetter, percent, type QuestionRow } from '../utils/item-stats-view';
import { KeyIcon, TickIcon } from './stats-icons';

/** A horizontal bar for a share of candidates, read out as a meter with the count and the share. */
function ShareBar({ label, count, total, share, tone }: { label: string; count: number; total: number; share: number | null; tone: 'key' | 'suspect' | 'plain' }) {
  const value = Math.max(0, Math.min(100, share ?? 0));
  const shareText = percent(share) ?? '—';
  return (
    <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value * 10) / 10}
        aria-valuetext={t('testEditor.stats.options.meter', { count, total, share: shareText })}
        className="h-3 w-24 shrink-0 overflow-hidden rounded-sm bg-slate-200 sm:w-40 dark:bg-slate-700"
      >
        <div
          className={cx('h-full', tone === 'key' ? 'bg-emerald-600 dark:bg-emerald-500' : tone === 'suspect' ? 'bg-amber-500' : 'bg-indigo-500 dark:bg-indigo-400')}
          style={{ width: `${value}%` }}
        />
      </div>
      <span className="whitespace-nowrap tabular-nums">{t('testEditor.stats.options.share', { count, share: shareText })}</span>
    </div>
  );
}

/**
 * How often each option of a question was chosen, in the bank's order: the count and share of all
 * candidates who met the question, and the counts among the top and the bottom third by total score. The key and a
 * suspect option are named in words as well as coloured.
 */
export function OptionDistribution({ question }: { question: QuestionRow }) {
  const captionId = useId();
  const total = question.attempts;
  return (
    <div className="flex max-w-3xl flex-col gap-2">
      <table aria-labelledby={captionId} className="w-full border-collapse text-left text-sm">
        <caption id={captionId} className="pb-1 text-left font-semibold text-slate-900 dark:text-white">
          {t('testEditor.stats.options.caption', { number: question.number })}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <th scope="col" className="py-1.5 pr-3 font-medium">{t('testEditor.stats.options.option')}</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">{t('testEditor.stats.options.chosen')}</th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">{t('testEditor.stats.options.upper')}</th>
            <th scope="col" className="py-1.5 text-right font-medium">{t('testEditor.stats.options.lower')}</th>
          </tr>
        </thead>
        <tbody>
          {question.options.map((option) => {
            const letter = optionLetter(option.position);
            const suspect = question.likelyMiskeyOption === option.position;
            return (
              <tr key={option.position} className="border-b border-slate-200 align-top dark:border-slate-800">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="font-semibold">{letter}.</span> <span className="break-words">{option.label}</span>
                  {option.correct && ' '}
                  {option.correct && (
                    <span className="mt-1 flex items-center gap-1 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                      <TickIcon />
                      {t('testEditor.stats.options.correct')}
                    </span>
                  )}
                  {suspect && ' '}
                  {suspect && (
                    <span className="mt-1 flex items-center gap-1 text-xs font-semibold text-amber-900 dark:text-amber-200">
                      <KeyIcon />
                      {t('testEditor.stats.options.suspect')}
                    </span>
                  )}
                </th>
                <td className="py-2 pr-3">
                  <ShareBar label={`${t('testEditor.stats.options.chosen')} ${letter}`} count={option.count} total={total} share={option.share} tone={option.correct ? 'key' : suspect ? 'suspect' : 'plain'} />
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{question.upperGroupSize > 0 ? option.upperGroupCount : '—'}</td>
                <td className="py-2 text-right tabular-nums">{question.lowerGroupSize > 0 ? option.lowerGroupCount : '—'}</td>
              </tr>
            );
          })}
          <tr className="align-top">
            <th scope="row" className="py-2 pr-3 font-normal text-slate-700 italic dark:text-slate-300">
              {t('testEditor.stats.options.noAnswer')}
            </th>
            <td className="py-2 pr-3">
              <ShareBar label={t('testEditor.stats.options.noAnswer')} count={question.noAnswer.count} total={total} share={question.noAnswer.share} tone="plain" />
            </td>
            <td className="py-2 pr-3 text-right text-slate-500 dark:text-slate-400">—</td>
            <td className="py-2 text-right text-slate-500 dark:text-slate-400">—</td>
          </tr>
        </tbody>
      </table>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {question.upperGroupSize > 0 && question.lowerGroupSize > 0
          ? t('testEditor.stats.options.hint', { upper: question.upperGroupSize, lower: question.lowerGroupSize })
          : t('testEditor.stats.options.noThirds')}
      </p>
    </div>
  );
}
