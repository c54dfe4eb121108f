import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type katexModule from 'katex';
import type MarkdownIt from 'markdown-it';
import type anchorPlugin from 'markdown-it-anchor';
import type texmathPlugin from 'markdown-it-texmath';
import type sanitizeHtml from 'sanitize-html';
import { validationFailed } from '../errors.js';
import { escapeAttr } from '../html.js';
import { MARKDOWN_LIMITS, MarkdownTooComplex, mathsProblem, mathsTotalProblem, NESTING_PROBLEM } from './limits.js';
import { ownMarkupAsSanitised } from './own-markup.js';

/**
 * Markdown → safe HTML, the only way content reaches a page.
 *
 * 1. markdown-it renders the Markdown (raw HTML allowed, it is sanitised next); `$…$` and `$$…$$`
 *    become placeholders carrying a per-render nonce, so hand-written HTML cannot forge one.
 * 2. sanitize-html keeps only an allowlist of elements, attributes and URL schemes: no script, no
 *    event handlers, no javascript: or data: URLs (data: only for images), no iframe, form, input,
 *    style, svg or math elements.
 *    Output made only of markdown-it's own plainest tags skips the sanitiser when the source has no `<`
 *    (own-markup.ts): the result is the same, at a fraction of the cost.
 * 3. The placeholders are replaced by KaTeX's HTML, rendered with `trust: false`, so math never
 *    passes through the allowlist and KaTeX's own escaping protects its output.
 *
 * The three libraries are loaded at the first render (`engine()`), synchronously, so that every
 * function here stays synchronous: a process that only serves exams (a save never renders) does not
 * hold the several MB of heap they take.
 */

type MathItem = { tex: string; display: boolean };
let collecting: { nonce: string; items: MathItem[] } | null = null;

// markdown-it-texmath hands every formula to this engine; it records the formula and leaves a placeholder.
const placeholderEngine = {
  renderToString(tex: string, options: { displayMode?: boolean }) {
    if (!collecting) throw new Error('math outside a render');
    const index = collecting.items.push({ tex, display: Boolean(options.displayMode) }) - 1;
    return `<span data-math="${collecting.nonce}-${index}"></span>`;
  },
};

const SAFE_ID = /^[a-z0-9][a-z0-9-]{0,80}$/;

const requireLib = createRequire(import.meta.url);

type Engine = { md: InstanceType<typeof MarkdownIt>; katex: typeof katexModule; sanitizeHtml: typeof sanitizeHtml };
let loaded: Engine | null = null;

/** markdown-it with its plugins, KaTeX and sanitize-html, loaded and set up at the first render. */
function engine(): Engine {
  if (loaded) return loaded;
  const md = new (requireLib('markdown-it') as typeof MarkdownIt)({ html: true, linkify: true, typographer: true, maxNesting: MARKDOWN_LIMITS.nesting })
    .use(requireLib('markdown-it-texmath') as typeof texmathPlugin, { engine: placeholderEngine, delimiters: 'dollars' })
    .use(requireLib('markdown-it-anchor') as typeof anchorPlugin, {
      level: [2, 3, 4],
      slugify: (s: string) =>
        s
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^\p{Letter}\p{Number}\s-]/gu, '')
          .trim()
          .replace(/\s+/g, '-')
          .slice(0, 80) || 'section',
    });

  // markdown-it skips the rest of a text nested past its limit; noting it lets the render refuse the text instead.
  const tokenizeBlocks = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state, startLine, endLine) => {
    if (state.level >= MARKDOWN_LIMITS.nesting) (state.env as RenderEnv).tooDeep = true;
    tokenizeBlocks(state, startLine, endLine);
  };
  loaded = { md, katex: requireLib('katex') as typeof katexModule, sanitizeHtml: requireLib('sanitize-html') as typeof sanitizeHtml };
  return loaded;
}
type RenderEnv = { tooDeep?: boolean };

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'abbr', 'kbd', 'q', 'cite',
    'code', 'pre', 'a', 'img', 'figure', 'figcaption', 'details', 'summary',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div',
  ],
  allowedAttributes: {
    ...Object.fromEntries(HEADINGS.map((h) => [h, ['id']])),
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['style', 'colspan', 'rowspan', 'scope'],
    td: ['style', 'colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
    span: ['data-math'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer ugc' } }),
    img: (tagName, attribs) => {
      // data: only for images, and only image types (no data:text/html or data:image/svg+xml documents).
      if (attribs.src && /^data:/i.test(attribs.src) && !/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(attribs.src)) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: { ...rest, loading: 'lazy' } };
      }
      return { tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } };
    },
  },
};
// `rel`, `loading` and `decoding` are added by the transforms above and must survive the attribute filter.
(SANITIZE.allowedAttributes as Record<string, string[]>).a!.push('rel');
(SANITIZE.allowedAttributes as Record<string, string[]>).img!.push('loading', 'decoding');

for (const h of HEADINGS) {
  SANITIZE.transformTags![h] = (tagName, attribs) => {
    const attrs: Record<string, string> = attribs.id && SAFE_ID.test(attribs.id) ? { id: attribs.id } : {};
    return { tagName, attribs: attrs };
  };
}


function renderMath({ tex, display }: MathItem): string {
  let html: string;
  try {
    html = engine().katex.renderToString(tex, {
      displayMode: display,
      output: 'html',
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 500,
    });
  } catch (err) {
    // Within the bounds a formula can still recurse deeply through commands (\sqrt\sqrt…): KaTeX's
    // parse errors are rendered by itself, so what reaches here is the stack running out.
    if (err instanceof RangeError) throw new MarkdownTooComplex('A formula is too complex to render');
    throw err;
  }
  const label = escapeAttr(tex.trim());
  return display
    ? `<div class="math-display" role="math" aria-label="${label}">${html}</div>`
    : `<span class="math-inline" role="math" aria-label="${label}">${html}</span>`;
}

// The placeholder nonce must be unguessable by authors, not fresh randomness each time: a random
// per-process prefix and a counter give that without a CSPRNG call for every render.
const NONCE_PREFIX = randomBytes(12).toString('hex');
let renders = 0;

/**
 * Renders Markdown (with `$…$` math) to HTML that is safe to insert into a page. Throws
 * MarkdownTooComplex for text past MARKDOWN_LIMITS.
 */
export function renderMarkdown(markdown: string): string {
  return render(markdown, false);
}

/** renderMarkdown for a field of a request: text past the limits is a 400 naming the field. */
export function renderField(field: string, markdown: string): string {
  try {
    return renderMarkdown(markdown);
  } catch (err) {
    if (err instanceof MarkdownTooComplex) throw validationFailed([{ field, message: err.message }]);
    throw err;
  }
}

/** renderMarkdown with every render through sanitize-html: the reference the shortcut is tested against. */
export function renderMarkdownSanitisingAll(markdown: string): string {
  return render(markdown, true);
}

function render(markdown: string, sanitiseAll: boolean): string {
  renders = (renders + 1) % Number.MAX_SAFE_INTEGER;
  const nonce = `${NONCE_PREFIX}${renders.toString(36)}`;
  const { md, sanitizeHtml } = engine();
  collecting = { nonce, items: [] };
  let raw: string;
  let items: MathItem[];
  try {
    const env: RenderEnv = {};
    const tokens = md.parse(markdown, env);
    if (env.tooDeep) throw new MarkdownTooComplex(NESTING_PROBLEM);
    raw = md.renderer.render(tokens, md.options, env);
    items = collecting.items;
  } finally {
    collecting = null;
  }
  for (const item of items) {
    const problem = mathsProblem(item.tex);
    if (problem) throw new MarkdownTooComplex(problem);
  }
  const tooMuch = mathsTotalProblem(items.map((i) => i.tex));
  if (tooMuch) throw new MarkdownTooComplex(tooMuch);
  // Without `<` the source holds no raw HTML, so plain output may skip the sanitiser (see own-markup.ts).
  const shortcut = sanitiseAll || markdown.includes('<') ? null : ownMarkupAsSanitised(raw, nonce);
  const clean = shortcut ?? sanitizeHtml(raw, SANITIZE);
  if (items.length === 0) return clean;
  const placeholder = new RegExp(`<span data-math="${nonce}-(\\d+)"></span>`, 'g');
  return clean.replace(placeholder, (_m, i: string) => {
    const item = items[Number(i)];
    return item ? renderMath(item) : '';
  });
}

const WORDS_PER_MINUTE = 200;

/** Minutes a reader needs, at 200 words a minute, never less than one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /[\p{Letter}\p{Number}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** A plain-text summary of the Markdown's opening, for lists and link previews. */
export function plainExcerpt(markdown: string, max = 280): string {
  const { md, sanitizeHtml } = engine();
  const text = sanitizeHtml(md.render(markdown.replace(/\$\$[\s\S]*?\$\$|\$[^$\n]+\$/g, ' ')), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/** The body limit of a request carrying Markdown: up to 200,000 characters can take three bytes a character. */
export const MARKDOWN_BODY_LIMIT = 1024 * 1024;
