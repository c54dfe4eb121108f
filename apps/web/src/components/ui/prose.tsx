// KaTeX's stylesheet (and its fonts) load only with the pages that show rendered content, never
// with the home page or lists; the server has already turned the maths into KaTeX's HTML.
import 'katex/dist/katex.min.css';
import './prose.css';
import { cx } from './cx';

/** HTML rendered by the server from Markdown, set in the reading typography (article, topic, preview). */
export function Prose({ html, className, lang }: { html: string; className?: string; /** The language of the text, when it may differ from the page's. */ lang?: string }) {
  return (
    <div
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
