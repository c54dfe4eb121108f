import type { QuestionLanguage } from '@abhyas/contracts';
import { useId } from 'react';
import { controlClasses } from '@/components/ui/field';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

export interface LanguageSelectProps {
  label: string;
  languages: readonly QuestionLanguage[];
  value: QuestionLanguage;
  onChange: (language: QuestionLanguage) => void;
  className?: string;
  /** The label's own classes: the header hides it on a phone, where the select says enough. */
  labelClassName?: string;
}

/** A small labelled choice of language, each named in itself (English, हिन्दी), as on the CBT screen. */
export function LanguageSelect({ label, languages, value, onChange, className, labelClassName }: LanguageSelectProps) {
  const id = useId();
  return (
    <div className={cx('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className={cx('font-semibold whitespace-nowrap text-slate-800 dark:text-slate-200 hc:text-white', labelClassName)}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as QuestionLanguage)} className={controlClasses(false, 'min-h-9 w-auto py-1 text-sm')}>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
