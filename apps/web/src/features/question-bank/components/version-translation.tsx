import type { QuestionLanguage, QuestionVersion } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { OPTION_LETTERS } from '../utils/option-editor';
import type { TranslationComparison } from '../utils/version-diff';
import { DiffText } from './diff-text';

/** A part's heading inside a compared version. */
export const subheading = 'text-sm font-bold text-slate-700 dark:text-slate-300';

export interface VersionTranslationProps {
  version: QuestionVersion;
  side: 'before' | 'after';
  comparison: TranslationComparison;
  /** The language of the other version's texts, to name what this one lacks. */
  otherLanguage: QuestionLanguage | null;
}

/** One version's texts in the question's other language, each difference from the other version marked. */
export function VersionTranslation({ version, side, comparison, otherLanguage }: VersionTranslationProps) {
  const language = version.translation?.language ?? otherLanguage;
  if (!language) return null;
  const name = t(`questions.language.${language}`);
  if (!version.translation) {
    return (
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h5 className={subheading}>{t('questions.versions.inLanguage', { language: name })}</h5>
        <p className="text-slate-500 italic dark:text-slate-400">{t('questions.versions.noTranslation', { language: name })}</p>
      </div>
    );
  }
  return (
    <div lang={language} className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h5 className={subheading}>{t('questions.versions.inLanguage', { language: name })}</h5>
      <p className="break-words whitespace-pre-wrap">
        <DiffText parts={comparison.stem[side]} />
      </p>
      <ol className="flex flex-col gap-2">
        {version.translation.options.map((_, i) => {
          const pair = comparison.options[i]!;
          return (
            <li key={i} className="flex gap-3 rounded-xl border border-slate-300 p-3 dark:border-slate-700">
              <span aria-hidden="true" className="font-bold text-slate-700 dark:text-slate-300">
                {OPTION_LETTERS[i] ?? String(i + 1)}.
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="break-words whitespace-pre-wrap">
                  <DiffText parts={pair.text[side]} />
                </p>
                {pair.feedback[side].length > 0 && (
                  <p className="text-sm break-words whitespace-pre-wrap text-slate-600 dark:text-slate-400">
                    {t('questions.versions.feedback')} <DiffText parts={pair.feedback[side]} />
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <p className="break-words whitespace-pre-wrap">
        <DiffText parts={comparison.explanation[side]} empty={t('questions.versions.noExplanation')} />
      </p>
    </div>
  );
}
