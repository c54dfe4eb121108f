/**
 * A shortcut past sanitize-html for the plainest renders (a short stem, an option, a line of feedback),
 * where the sanitiser is most of the cost of rendering and changes next to nothing.
 *
 * It applies only to markdown-it output of a source without `<`: such a source holds no raw HTML (no
 * HTML block, inline tag, comment or autolink can start without `<`), so every tag in the output is one
 * the renderer wrote, balanced and well nested, and every text is escaped by it (`&`, `<`, `>`, `"`).
 * When all those tags are in the small set below, sanitize-html (with the renderer's allowlist) would
 * change only what this reproduces:
 * - text is decoded and escaped again, for text only `&`, `<` and `>`, so `&quot;` becomes `"`;
 * - void elements are written `<br />`, `<hr />`;
 * - markdown-it-texmath's `<eq>` around an inline formula is not allowed: the tag goes, its placeholder stays.
 * Any other tag, attribute or entity means "not sure": the caller sanitises as usual. markdown.test.ts
 * checks on generated sources that both ways give the same bytes.
 */

/** Attribute-free tags the allowlist keeps exactly as markdown-it writes them. */
const KEPT = new Set(
  ['p', 'em', 'strong', 'code', 's', 'pre', 'blockquote', 'ul', 'ol', 'li'].flatMap((t) => [`<${t}>`, `</${t}>`]),
);
/** Tags the sanitiser writes differently, and how. */
const REWRITTEN = new Map([
  ['<br>', '<br />'],
  ['<hr>', '<hr />'],
  ['<eq>', ''],
  ['</eq>', ''],
]);

// A math placeholder, any other tag, a `&quot;`, any other `&` that is not `&amp;`, `&lt;` or `&gt;`, a stray `<` or `>`.
const TOKEN = /<span data-math="([^"<>]*)"><\/span>|<[^<>]*>|&quot;|&(?!amp;|lt;|gt;)|[<>]/g;
const PLACEHOLDER_INDEX = /^\d+$/;

/**
 * What sanitize-html would return for this markdown-it output of a source without `<`, when the output
 * is made only of tags it keeps or rewrites as above; null otherwise. `nonce` is the render's math nonce.
 */
export function ownMarkupAsSanitised(raw: string, nonce: string): string | null {
  let unsure = false;
  const out = raw.replace(TOKEN, (token: string, placeholder: string | undefined) => {
    if (placeholder !== undefined) {
      if (!(placeholder.startsWith(`${nonce}-`) && PLACEHOLDER_INDEX.test(placeholder.slice(nonce.length + 1)))) unsure = true;
      return token;
    }
    if (token === '&quot;') return '"';
    if (KEPT.has(token)) return token;
    const rewritten = REWRITTEN.get(token);
    if (rewritten === undefined) unsure = true;
    return rewritten ?? token;
  });
  return unsure ? null : out;
}
