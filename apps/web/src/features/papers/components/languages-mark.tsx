import type { QuestionLanguage } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

/**
 * The languages a test is offered in, each named in itself ("English · हिन्दी"), for a test offered in
 * more than English alone.
 */
export function LanguagesMark({ languages }: { languages: readonly QuestionLanguage[] }) {
  if (languages.length === 1 && languages[0] === 'en') return null;
  return (
    <span className="inline-flex items-center rounded-full border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:text-slate-300">
      <span className="sr-only">{t('exam.list.languages')}: </span>
      {languages.map((language, i) => (
        <span key={language}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span lang={language}>{t(`language.${language}`)}</span>
        </span>
      ))}
    </span>
  );
}
