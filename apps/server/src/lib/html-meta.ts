import type { Language } from '@abhyas/contracts';
import { escapeAttr } from './html.js';

/** The same page in another language, for `<link rel="alternate" hreflang>`; `x-default` names the one for every other reader. */
export type PageAlternate = { hreflang: Language | 'x-default'; href: string };

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** The language the page is written in: `<html lang>` and `og:locale`. */
  language: Language;
  /** Absolute URL of this page. */
  canonical: string;
  /** Absolute URL of the preview image. */
  image: string;
  type: 'website' | 'article';
  /** Every language version of this page, itself included; empty when there is only this one. */
  alternates?: PageAlternate[];
  /** Structured data (schema.org), embedded as JSON-LD. */
  jsonLd?: Record<string, unknown>;
};

/** Open Graph names a language with its region: the product speaks to readers in India. */
const OG_LOCALE: Record<Language, string> = { en: 'en_US', hi: 'hi_IN' };

/** The message shown when scripts are off, in the page's language. */
const NO_SCRIPT: Partial<Record<Language, string>> = {
  hi: 'Abhyas चलाने के लिए JavaScript ज़रूरी है। कृपया अपने ब्राउज़र की सेटिंग में इसे चालू करें।',
};

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function setMeta(html: string, attr: 'name' | 'property', key: string, value: string): string {
  const pattern = new RegExp(`<meta\\s+${attr}="${key.replace(/[.:]/g, '\\$&')}"\\s+content="[^"]*"\\s*/?>`);
  const tag = `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return pattern.test(html) ? html.replace(pattern, () => tag) : html.replace('</head>', () => `    ${tag}\n  </head>`);
}

/**
 * Writes a page's language, its own title, description, canonical link, language versions, Open
 * Graph and Twitter tags and JSON-LD into the web app's index.html, so crawlers and link previews
 * see them without running scripts.
 */
export function withPageMeta(template: string, meta: PageMeta): string {
  let html = template.replace(/<html(\s[^>]*)?>/, (tag) => (/\slang="[^"]*"/.test(tag) ? tag.replace(/\slang="[^"]*"/, ` lang="${meta.language}"`) : tag.replace('<html', `<html lang="${meta.language}"`)));
  html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(meta.title)}</title>`);
  const noScript = NO_SCRIPT[meta.language];
  if (noScript) html = html.replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript>${escapeText(noScript)}</noscript>`);
  html = setMeta(html, 'name', 'description', meta.description);
  html = setMeta(html, 'property', 'og:type', meta.type);
  html = setMeta(html, 'property', 'og:locale', OG_LOCALE[meta.language]);
  html = setMeta(html, 'property', 'og:title', meta.title);
  html = setMeta(html, 'property', 'og:description', meta.description);
  html = setMeta(html, 'property', 'og:url', meta.canonical);
  html = setMeta(html, 'property', 'og:image', meta.image);
  html = setMeta(html, 'property', 'og:image:alt', meta.title);
  html = setMeta(html, 'name', 'twitter:title', meta.title);
  html = setMeta(html, 'name', 'twitter:description', meta.description);
  html = setMeta(html, 'name', 'twitter:image', meta.image);
  const extra = [`<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`];
  for (const alternate of meta.alternates ?? []) {
    extra.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeAttr(alternate.href)}" />`);
    if (alternate.hreflang !== 'x-default' && alternate.hreflang !== meta.language) extra.push(`<meta property="og:locale:alternate" content="${OG_LOCALE[alternate.hreflang]}" />`);
  }
  // `<` is escaped so that no string inside the data can close the script element.
  if (meta.jsonLd) extra.push(`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`);
  return html.replace('</head>', () => `    ${extra.join('\n    ')}\n  </head>`);
}
