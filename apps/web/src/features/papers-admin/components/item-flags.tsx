import type { ComponentType } from 'react';
import { cx } from '@/components/ui/cx';
import { t, type MessageKey } from '@/i18n/i18n';
import { optionLetter, type QuestionStats } from '../utils/item-stats-view';
import { KeyIcon, LowGaugeIcon, TrendDownIcon } from './stats-icons';

const pill = 'inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const amber = 'border-amber-500 bg-amber-50 text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100';
const red = 'border-red-500 bg-red-50 text-red-900 dark:border-red-600 dark:bg-red-950 dark:text-red-100';

/** The three flags, each with its own icon and words as well as its colour. */
const FLAGS: { flag: keyof QuestionStats['flags']; tone: string; Icon: ComponentType; name: MessageKey; hint: MessageKey }[] = [
  { flag: 'lowDiscriminativeEfficiency', tone: amber, Icon: LowGaugeIcon, name: 'testEditor.stats.flag.lowEfficiency', hint: 'testEditor.stats.flag.lowEfficiencyHint' },
  { flag: 'negativeDiscrimination', tone: red, Icon: TrendDownIcon, name: 'testEditor.stats.flag.negative', hint: 'testEditor.stats.flag.negativeHint' },
  { flag: 'likelyMiskey', tone: red, Icon: KeyIcon, name: 'testEditor.stats.flag.miskeyName', hint: 'testEditor.stats.flag.miskeyHint' },
];

/** A question's words for a flag: the likely wrong key names the option the top third chose. */
const flagText = (flag: (typeof FLAGS)[number], question: QuestionStats) =>
  flag.flag === 'likelyMiskey' && question.likelyMiskeyOption !== null ? t('testEditor.stats.flag.miskey', { option: optionLetter(question.likelyMiskeyOption) }) : t(flag.name);

/** The flags one question raises, each by icon and words; "None" when it raises none. */
export function ItemFlags({ question }: { question: QuestionStats }) {
  const raised = FLAGS.filter((f) => question.flags[f.flag]);
  if (raised.length === 0) return <span className="text-slate-500 dark:text-slate-400">{t('testEditor.stats.flag.none')}</span>;
  return (
    <ul className="flex flex-col items-start gap-1">
      {raised.map((f) => (
        <li key={f.flag} className={cx(pill, f.tone)} title={t(f.hint)}>
          <f.Icon />
          {flagText(f, question)}
        </li>
      ))}
    </ul>
  );
}

/** What each flag means, with the same icons, for the top of the table. */
export function FlagsLegend() {
  return (
    <dl aria-label={t('testEditor.stats.flagsLegend')} className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
      {FLAGS.map((f) => (
        <div key={f.flag} className="contents">
          <dt className="self-start">
            <span className={cx(pill, f.tone)}>
              <f.Icon />
              {t(f.name)}
            </span>
          </dt>
          <dd className="text-slate-700 dark:text-slate-300">{t(f.hint)}</dd>
        </div>
      ))}
    </dl>
  );
}
