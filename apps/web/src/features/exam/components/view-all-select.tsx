import type { QuestionLanguage } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { LanguageSelect } from './language-select';

export interface ViewAllSelectProps {
  /** The languages the test is offered in. */
  languages: readonly QuestionLanguage[];
  value: QuestionLanguage;
  onChange: (language: QuestionLanguage) => void;
}

/** The header's default language: every question in it at once, each question's own "View In" choice cleared. */
export function ViewAllSelect({ languages, value, onChange }: ViewAllSelectProps) {
  if (languages.length < 2) return null;
  // On a phone the title keeps its room: the label is read, not shown.
  return <LanguageSelect label={t('exam.viewAll.label')} languages={languages} value={value} onChange={onChange} labelClassName="max-sm:sr-only" />;
}
