import type { QuestionLanguage } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';
import { otherLanguage } from '../utils/translation-draft';

export interface QuestionLanguageFieldProps {
  language: QuestionLanguage;
  onLanguageChange: (language: QuestionLanguage) => void;
  /** Whether the question also has its other language. */
  bilingual: boolean;
  onToggleSecond: () => void;
  error: string | undefined;
}

/** The question's language, and the control that adds or removes its other language. */
export function QuestionLanguageField({ language, onLanguageChange, bilingual, onToggleSecond, error }: QuestionLanguageFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <SelectField
            name="language"
            label={t('questions.field.language')}
            value={language}
            onChange={(event) => onLanguageChange(event.target.value as QuestionLanguage)}
            options={[
              { value: 'en', label: t('language.en') },
              { value: 'hi', label: t('language.hi'), lang: 'hi' },
            ]}
            error={error}
          />
        </div>
        <Button variant="secondary" className="self-start sm:self-auto" onClick={onToggleSecond}>
          {t(bilingual ? 'questions.translation.remove' : 'questions.translation.add', { language: t(`questions.language.${otherLanguage(language)}`) })}
        </Button>
      </div>
      {bilingual && <p className="text-sm text-slate-600 dark:text-slate-400">{t('questions.translation.hint')}</p>}
    </div>
  );
}
