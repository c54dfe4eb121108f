import { LANGUAGES } from '@abhyas/contracts';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { useChooseLanguage, useLanguage } from '@/lib/language';

/** English | हिन्दी: the app's language, kept on the account when signed in and in the browser before. */
export function LanguageSwitch({ className }: { className?: string }) {
  const current = useLanguage();
  const choose = useChooseLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={cx('flex items-center text-sm', className)}>
      {LANGUAGES.map((language, index) => (
        <span key={language} className="flex items-center">
          {index > 0 && (
            <span aria-hidden="true" className="px-0.5 text-slate-400 dark:text-slate-500">
              |
            </span>
          )}
          <button
            type="button"
            lang={language}
            aria-pressed={current === language}
            onClick={() => void choose(language)}
            className={cx(
              'min-h-7 rounded px-1.5 font-semibold',
              // The other language's name in the system's own face: an English page never downloads the Devanagari font for one word.
              current !== language && 'font-system',
              current === language ? 'text-indigo-800 dark:text-indigo-200' : 'text-slate-600 underline-offset-2 hover:underline dark:text-slate-400',
            )}
          >
            {t(`language.${language}`)}
          </button>
        </span>
      ))}
    </div>
  );
}
