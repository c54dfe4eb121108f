import { renderMarkdown } from './markdown.js';

/** Texts up to this long are remembered: options, true/false, stock feedback; stems rarely repeat. */
const MAX_TEXT_LENGTH = 100;
const MAX_ENTRIES = 1000;

/**
 * renderMarkdown for one batch of texts that repeat (an import renders "True", "False", "4" or
 * "Correct." thousands of times): remembers the HTML of the most recently used short texts. A render is
 * a pure function of its text (the math nonce never reaches the output), so a remembered result is
 * byte for byte what rendering again would give.
 */
export function memoisedRenderMarkdown(): (markdown: string) => string {
  const memo = new Map<string, string>();
  return (markdown) => {
    if (markdown.length > MAX_TEXT_LENGTH) return renderMarkdown(markdown);
    let html = memo.get(markdown);
    if (html === undefined) {
      html = renderMarkdown(markdown);
      if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
    } else {
      // Map keeps insertion order: moving a hit to the end makes the eviction above least recently used.
      memo.delete(markdown);
    }
    memo.set(markdown, html);
    return html;
  };
}
