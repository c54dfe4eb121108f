import { QUESTION_LIMITS, type QuestionLanguage } from '@abhyas/contracts';
import { MarkdownField } from '@/components/admin/markdown-field';
import type { FieldErrors } from '@/lib/form-errors';
import { inLanguage, LanguagePair } from './language-pair';

export interface PairedMarkdownFieldProps {
  /** The question's field (`stem`, `explanation`); its second language's is `translation.<name>`. */
  name: 'stem' | 'explanation';
  label: string;
  hint?: string;
  rows: number;
  language: QuestionLanguage;
  value: string;
  onChange: (value: string) => void;
  /** The question's other language while it has two, null while it has one. */
  secondLanguage: QuestionLanguage | null;
  secondValue: string;
  onSecondChange: (value: string) => void;
  errors: FieldErrors;
}

/** A Markdown field of a question, in its own language and, while it has two, in the other beside it. */
export function PairedMarkdownField({ name, label, hint, rows, language, value, onChange, secondLanguage, secondValue, onSecondChange, errors }: PairedMarkdownFieldProps) {
  const bilingual = secondLanguage !== null;
  return (
    <LanguagePair
      own={
        <MarkdownField
          name={name}
          label={inLanguage(label, language, bilingual)}
          {...(hint ? { hint } : {})}
          value={value}
          onChange={onChange}
          maxLength={QUESTION_LIMITS.stemMax}
          rows={rows}
          lang={language}
          error={errors[name]}
        />
      }
      second={
        secondLanguage && (
          <MarkdownField
            name={`translation.${name}`}
            label={inLanguage(label, secondLanguage, bilingual)}
            value={secondValue}
            onChange={onSecondChange}
            maxLength={QUESTION_LIMITS.stemMax}
            rows={rows}
            lang={secondLanguage}
            error={errors[`translation.${name}`]}
          />
        )
      }
    />
  );
}
