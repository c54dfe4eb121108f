import type { QuestionLanguage, QuestionVersion } from '@abhyas/contracts';
import { useId, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { formatTimestamp } from '@/lib/format';
import { OPTION_LETTERS } from '../utils/option-editor';
import type { OptionPair, VersionComparison } from '../utils/version-diff';
import { DiffText } from './diff-text';
import { subheading, VersionTranslation } from './version-translation';

export type CompareSide = 'before' | 'after';


function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-slate-700 dark:text-slate-300">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One option on one side: its text, whether it is correct (in words), and its feedback. */
function OptionItem({ pair, side, letter }: { pair: OptionPair; side: CompareSide; letter: string }) {
  const option = pair[side];
  if (!option) return <li className="rounded-xl border border-dashed border-slate-300 p-3 text-slate-500 italic dark:border-slate-700 dark:text-slate-400">{t('questions.versions.noOption', { letter })}</li>;
  const keyChange = pair.keyChanged ? (side === 'before' ? 'removed' : 'added') : 'same';
  return (
    <li className={cx('flex gap-3 rounded-xl border p-3', option.correct ? 'border-emerald-600 dark:border-emerald-500' : 'border-slate-300 dark:border-slate-700')}>
      <span aria-hidden="true" className="font-bold text-slate-700 dark:text-slate-300">
        {letter}.
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="break-words whitespace-pre-wrap">
          <DiffText parts={pair.text[side]} />
        </p>
        {(option.correct || pair.keyChanged) && (
          <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            {option.correct && <span aria-hidden="true">✓ </span>}
            <DiffText parts={[{ text: t(option.correct ? 'questions.preview.correct' : 'questions.versions.notCorrect'), change: keyChange }]} />
          </p>
        )}
        {pair.feedback[side].length > 0 && (
          <p className="text-sm break-words whitespace-pre-wrap text-slate-600 dark:text-slate-400">
            {t('questions.versions.feedback')} <DiffText parts={pair.feedback[side]} />
          </p>
        )}
      </div>
    </li>
  );
}

export interface VersionColumnProps {
  version: QuestionVersion;
  side: CompareSide;
  comparison: VersionComparison;
  /** Either version is a multiple-answer question, so its marking means something. */
  showMarking: boolean;
  /** The language of the other version's second texts, when it has them. */
  otherTranslationLanguage: QuestionLanguage | null;
}

/**
 * One version of a side-by-side comparison: its marks, stem, options with the key, explanation and
 * its texts in the other language, each difference marked.
 */
export function VersionColumn({ version, side, comparison, showMarking, otherTranslationLanguage }: VersionColumnProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-col gap-1">
        <h4 id={headingId} className="font-bold text-slate-900 dark:text-white">
          {t(version.current ? 'questions.versions.numberCurrent' : 'questions.versions.number', { version: version.version })}
        </h4>
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatTimestamp(version.createdAt)}</p>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <Row label={t('questions.field.type')}>
          <DiffText parts={comparison.type[side]} />
        </Row>
        {showMarking && (
          <Row label={t('questions.field.marking')}>
            <DiffText parts={comparison.marking[side]} />
          </Row>
        )}
        <Row label={t('questions.field.marks')}>
          <DiffText parts={comparison.marks[side]} />
        </Row>
        <Row label={t('questions.field.negativeMarks')}>
          <DiffText parts={comparison.negativeMarks[side]} />
        </Row>
      </dl>
      <div className="flex flex-col gap-2">
        <h5 className={subheading}>{t('questions.versions.stem')}</h5>
        <p className="break-words whitespace-pre-wrap">
          <DiffText parts={comparison.stem[side]} />
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <h5 className={subheading}>{t('questions.field.options')}</h5>
        <ol className="flex flex-col gap-2">
          {comparison.options.map((pair, i) => (
            <OptionItem key={i} pair={pair} side={side} letter={OPTION_LETTERS[i] ?? String(i + 1)} />
          ))}
        </ol>
      </div>
      <div className="flex flex-col gap-2">
        <h5 className={subheading}>{t('questions.field.explanation')}</h5>
        <p className="break-words whitespace-pre-wrap">
          <DiffText parts={comparison.explanation[side]} empty={t('questions.versions.noExplanation')} />
        </p>
      </div>
      {comparison.translation && <VersionTranslation version={version} side={side} comparison={comparison.translation} otherLanguage={otherTranslationLanguage} />}
    </section>
  );
}
