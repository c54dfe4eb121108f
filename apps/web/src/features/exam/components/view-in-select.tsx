import type { QuestionLanguage } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { LanguageSelect } from './language-select';

export interface ViewInSelectProps {
  /** The languages this question can be shown in (its own and the test's other, when it has it). */
  languages: readonly QuestionLanguage[];
  value: QuestionLanguage;
  onChange: (language: QuestionLanguage) => void;
}

/**
 * "View In" above the question, as on the NTA screen: this question in another of its languages.
 * The options keep their letters, so an answer stays as it was whichever language shows it.
 */
export function ViewInSelect({ languages, value, onChange }: ViewInSelectProps) {
  if (languages.length < 2) return null;
  return <LanguageSelect label={t('exam.viewIn.label')} languages={languages} value={value} onChange={onChange} className="self-end" />;
}
