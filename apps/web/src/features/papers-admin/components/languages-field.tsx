import type { QuestionLanguage } from '@abhyas/contracts';
import { SelectField } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';

type Choice = 'en' | 'hi' | 'both';

const choiceOf = (languages: readonly QuestionLanguage[]): Choice => (languages.length > 1 ? 'both' : (languages[0] ?? 'en'));

/**
 * The languages a test is offered in: English, Hindi or both. With both, every question it gives must
 * have its text in each, and candidates choose their default language before they start.
 */
export function LanguagesField({ value, onChange, error }: { value: readonly QuestionLanguage[]; onChange: (languages: QuestionLanguage[]) => void; error?: string | undefined }) {
  const choose = (choice: Choice) => onChange(choice === 'both' ? (value.length > 1 ? [...value] : ['en', 'hi']) : [choice]);
  return (
    <SelectField
      name="languages"
      label={t('testEditor.field.languages')}
      hint={t('testEditor.field.languagesHint')}
      value={choiceOf(value)}
      onChange={(event) => choose(event.target.value as Choice)}
      options={[
        { value: 'en', label: t('language.en'), lang: 'en' },
        { value: 'hi', label: t('language.hi'), lang: 'hi' },
        { value: 'both', label: t('testEditor.field.languages.both') },
      ]}
      error={error}
    />
  );
}
