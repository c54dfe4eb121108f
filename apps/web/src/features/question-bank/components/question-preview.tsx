import { useId } from 'react';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { usePreview } from '@/features/editor/api/preview-content';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import type { OptionDraft } from '../utils/option-editor';

const LETTERS = 'ABCDEF';

/** One piece of Markdown rendered by the server, exactly as candidates get it. */
function Rendered({ markdown, className }: { markdown: string; className?: string }) {
  const preview = usePreview(markdown);
  if (preview.error) return <QueryError message={errorMessage(preview.error, t('errors.generic'))} retryLabel={t('content.retry')} />;
  if (preview.empty || preview.html === undefined) return null;
  return <Prose html={preview.html} className={cx('transition-opacity', preview.updating && 'opacity-70', className)} />;
}

/** The live preview of a question: stem, lettered options (correct ones marked) and explanation. */
export function QuestionPreview({ stem, options, explanation, className }: { stem: string; options: readonly OptionDraft[]; explanation: string; className?: string }) {
  const headingId = useId();
  const updating = usePreview(stem).updating;
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900', className)}
    >
      <div className="flex min-h-6 items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {t('editor.preview.title')}
        </h2>
        {updating && (
          <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" />
            {t('editor.preview.updating')}
          </span>
        )}
      </div>
      {stem.trim() ? <Rendered markdown={stem} /> : <p className="text-slate-600 dark:text-slate-400">{t('questions.preview.empty')}</p>}
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
              {LETTERS[index]}.
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {option.text.trim() ? <Rendered markdown={option.text} /> : <p className="text-slate-500 italic">{t('questions.preview.emptyOption')}</p>}
              {option.correct && <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">{t('questions.preview.correct')}</p>}
              {option.feedback.trim() && <Rendered markdown={option.feedback} className="text-sm" />}
            </div>
          </li>
        ))}
      </ol>
      {explanation.trim() && (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <h3 className="font-bold text-slate-900 dark:text-white">{t('questions.field.explanation')}</h3>
          <Rendered markdown={explanation} />
        </div>
      )}
    </section>
  );
}
