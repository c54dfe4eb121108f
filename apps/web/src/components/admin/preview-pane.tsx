import { useId, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { usePreview } from '@/lib/markdown-preview';

export type Preview = ReturnType<typeof usePreview>;

/**
 * The preview's box: its heading, an "Updating preview…" note while a render is on its way, and the
 * rendering; `title` names a preview of one of several, `lang` the language of what it shows.
 */
export function PreviewFrame({ updating, className, title, lang, children }: { updating: boolean; className?: string; title?: string; lang?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900', className)}
    >
      <div className="flex min-h-6 items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {title ?? t('editor.preview.title')}
        </h2>
        {/* Not a live region: it changes at every pause in typing, which would be noise to hear. */}
        {updating && (
          <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" />
            {t('editor.preview.updating')}
          </span>
        )}
      </div>
      {lang ? (
        <div lang={lang} className="flex min-w-0 flex-col gap-4">
          {children}
        </div>
      ) : (
        children
      )}
    </section>
  );
}

/** One preview's outcome: the server's HTML, dimmed while a newer render is on its way, under any error. */
export function PreviewHtml({ preview, className }: { preview: Preview; className?: string }) {
  return (
    <>
      {preview.error && <QueryError message={errorMessage(preview.error, t('errors.generic'))} retryLabel={t('content.retry')} />}
      {preview.html !== undefined && <Prose html={preview.html} className={cx('transition-opacity', preview.updating && 'opacity-70', className)} />}
    </>
  );
}

/** A piece of Markdown rendered by the server, exactly as readers get it. */
export function PreviewMarkdown({ markdown, className }: { markdown: string; className?: string }) {
  return <PreviewHtml preview={usePreview(markdown)} className={className} />;
}

/** The live preview of a blog or topic: its title and the server's rendering of the Markdown. */
export function PreviewPane({ title, content, className }: { title: string; content: string; className?: string }) {
  const preview = usePreview(content);
  return (
    <PreviewFrame updating={preview.updating} className={className}>
      {title.trim() && <p className="text-2xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white">{title}</p>}
      {preview.empty ? <p className="text-slate-600 dark:text-slate-400">{t('editor.preview.empty')}</p> : <PreviewHtml preview={preview} />}
    </PreviewFrame>
  );
}
