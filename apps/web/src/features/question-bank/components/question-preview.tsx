import { PreviewFrame, PreviewHtml, PreviewMarkdown } from '@/components/admin/preview-pane';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { usePreview } from '@/lib/markdown-preview';
import { OPTION_LETTERS, type OptionDraft } from '../utils/option-editor';

export interface QuestionPreviewProps {
  stem: string;
  /** Each option's text and feedback, in the language previewed. */
  options: readonly Pick<OptionDraft, 'key' | 'text' | 'correct' | 'feedback'>[];
  explanation: string;
  className?: string;
  /** Names the preview when the question has one in each language. */
  title?: string;
  lang?: string;
}

/** The live preview of a question: stem, lettered options (correct ones marked) and explanation. */
export function QuestionPreview({ stem, options, explanation, className, title, lang }: QuestionPreviewProps) {
  const stemPreview = usePreview(stem);
  return (
    <PreviewFrame updating={stemPreview.updating} className={className} {...(title ? { title } : {})} {...(lang ? { lang } : {})}>
      {stemPreview.empty ? <p className="text-slate-600 dark:text-slate-400">{t('questions.preview.empty')}</p> : <PreviewHtml preview={stemPreview} />}
      <ol className="flex flex-col gap-2">
        {options.map((option, index) => (
          <li
            key={option.key}
            className={cx(
              'flex gap-3 rounded-xl border p-3',
              option.correct ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/40' : 'border-slate-300 dark:border-slate-700',
            )}
          >
            <span aria-hidden="true" className="font-bold text-slate-700 dark:text-slate-300">
              {OPTION_LETTERS[index]}.
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {option.text.trim() ? <PreviewMarkdown markdown={option.text} /> : <p className="text-slate-500 italic">{t('questions.preview.emptyOption')}</p>}
              {option.correct && <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">{t('questions.preview.correct')}</p>}
              {option.feedback.trim() && <PreviewMarkdown markdown={option.feedback} className="text-sm" />}
            </div>
          </li>
        ))}
      </ol>
      {explanation.trim() && (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <h3 className="font-bold text-slate-900 dark:text-white">{t('questions.field.explanation')}</h3>
          <PreviewMarkdown markdown={explanation} />
        </div>
      )}
    </PreviewFrame>
  );
}
