import { escapeAttr } from './html.js';

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** Absolute URL of the preview image. */
  image: string;
  type: 'website' | 'article';
  /** Structured data (schema.org), embedded as JSON-LD. */
  jsonLd?: Record<string, unknown>;
};

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function setMeta(html: string, attr: 'name' | 'property', key: string, value: string): string {
  const pattern = new RegExp(`<meta\\s+${attr}="${key.replace(/[.:]/g, '\\$&')}"\\s+content="[^"]*"\\s*/?>`);
  const tag = `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return pattern.test(html) ? html.replace(pattern, () => tag) : html.replace('</head>', () => `    ${tag}\n  </head>`);
}

/**
 * Writes a page's own title, description, canonical link, Open Graph and Twitter tags and JSON-LD
 * into the web app's index.html, so crawlers and link previews see them without running scripts.
 */
export function withPageMeta(template: string, meta: PageMeta): string {
  let html = template.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(meta.title)}</title>`);
  html = setMeta(html, 'name', 'description', meta.description);
  html = setMeta(html, 'property', 'og:type', meta.type);
  html = setMeta(html, 'property', 'og:title', meta.title);
  html = setMeta(html, 'property', 'og:description', meta.description);
  html = setMeta(html, 'property', 'og:url', meta.canonical);
  html = setMeta(html, 'property', 'og:image', meta.image);
  html = setMeta(html, 'name', 'twitter:title', meta.title);
  html = setMeta(html, 'name', 'twitter:description', meta.description);
  html = setMeta(html, 'name', 'twitter:image', meta.image);
  const extra = [`<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`];
  // `<` is escaped so that no string inside the data can close the script element.
  if (meta.jsonLd) extra.push(`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`);
  return html.replace('</head>', () => `    ${extra.join('\n    ')}\n  </head>`);
}
