import type { QuestionLanguage } from '@abhyas/contracts';
import { useId } from 'react';
import { t } from '@/i18n/i18n';

export interface LanguageChoiceProps {
  languages: readonly QuestionLanguage[];
  value: QuestionLanguage;
  onChange: (language: QuestionLanguage) => void;
}

/**
 * "Choose your default language", as on the NTA screen before a test offered in two: every question
 * opens in it, and "View In" shows one in the other during the test.
 */
export function LanguageChoice({ languages, value, onChange }: LanguageChoiceProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-note`}>
      <legend className="font-semibold">{t('exam.intro.language.title')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {languages.map((language) => (
          <label key={language} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name={id} value={language} checked={value === language} onChange={() => onChange(language)} className="size-5 accent-indigo-600" />
            <span lang={language}>{t(`language.${language}`)}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-note`} className="text-sm text-slate-600 dark:text-slate-400">
        {t('exam.intro.language.note')}
      </p>
    </fieldset>
  );
}
