// KaTeX's stylesheet (and its fonts) load only with the pages that show rendered content, never
// with the home page or lists; the server has already turned the maths into KaTeX's HTML.
import 'katex/dist/katex.min.css';
import './prose.css';
import { useLayoutEffect, useRef } from 'react';
import { t } from '@/i18n/i18n';
import { cx } from './cx';
import { markScrollers } from './scrollers';

/**
 * HTML rendered by the server from Markdown, set in the reading typography (article, topic, preview).
 * `lang` is the language it is written in, when that may differ from the page's.
 */
export function Prose({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // A table, code block or formula wider than the column scrolls sideways: it takes the keyboard's
  // focus then, so it can be scrolled without a pointer, and is named where it has no name of its own.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mark = () => markScrollers(element, { code: t('prose.code'), formula: t('prose.formula') });
    mark();
    // The column's width changes with the window; a formula's or a code block's, as its fonts arrive.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    observer?.observe(element);
    const fonts = typeof document.fonts === 'undefined' ? null : document.fonts;
    fonts?.addEventListener('loadingdone', mark);
    return () => {
      observer?.disconnect();
      fonts?.removeEventListener('loadingdone', mark);
    };
  }, [html]);
  return (
    <div
      ref={ref}
      className={cx('prose', className)}
      lang={lang}
      // The one place the app inserts raw HTML. It only ever receives `contentHtml` / preview `html`
      // from our API, which renders Markdown with markdown-it and passes it through sanitize-html's
      // allowlist before sending it (no script, style, iframe, event handlers or javascript: URLs;
      // see apps/server/src/modules/content/markdown.ts), with KaTeX's escaped output added last.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
