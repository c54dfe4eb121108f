import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '../../../test/fixtures/xss-vectors.js';
import { plainExcerpt, readingMinutes, renderMarkdown, renderMarkdownSanitisingAll } from './markdown.js';

/** Elements that could run script or load a document (text `<` is escaped, so these are real tags). */
const LIVE_ELEMENTS = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<style/i,
  /<svg/i,
  /<math/i,
  /<meta/i,
  /<base/i,
  /<body/i,
  /<video|<audio|<source/i,
];
/** Attributes inside a real tag that could run script. */
const LIVE_ATTRIBUTES = [
  /\son[a-z]+\s*=/i,
  /(href|src|action|data|background)\s*=\s*["']?\s*(javascript|vbscript|data:text|data:image\/svg)/i,
  /style\s*=\s*["'][^"']*url\(/i,
];

function liveParts(html: string): string[] {
  const found = LIVE_ELEMENTS.filter((p) => p.test(html)).map(String);
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    for (const p of LIVE_ATTRIBUTES) if (p.test(tag)) found.push(tag);
  }
  return found;
}

describe('renderMarkdown keeps content safe', () => {
  it('has a check that does catch live markup', () => {
    expect(liveParts('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(liveParts('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(liveParts('<script>alert(1)</script>')).not.toEqual([]);
    expect(liveParts('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toEqual([]);
  });

  it.each(XSS_VECTORS.map((v, i) => [i + 1, v]))('neutralises vector %i: %s', (_i, vector) => {
    const html = renderMarkdown(`Intro paragraph.\n\n${vector}\n\nOutro.`);
    expect(liveParts(html), html).toEqual([]);
    expect(html).toContain('Outro.');
  });

  it('neutralises all vectors stored together in one document', () => {
    expect(liveParts(renderMarkdown(XSS_VECTORS.join('\n\n')))).toEqual([]);
  });
});

describe('renderMarkdown keeps what content needs', () => {
  it('gives headings anchor ids and keeps code formatting', () => {
    const html = renderMarkdown('## Time and Work\n\n```js\nconst a = 1 < 2;\n  indented();\n```');
    expect(html).toContain('<h2 id="time-and-work">Time and Work</h2>');
    expect(html).toContain('<pre><code class="language-js">const a = 1 &lt; 2;\n  indented();\n</code></pre>');
  });

  it('renders inline and display math with KaTeX and an accessible label', () => {
    const html = renderMarkdown('Interest is $SI = \\frac{PRT}{100}$.\n\n$$\nx^2\n$$');
    expect(html).toMatch(/<span class="math-inline" role="math" aria-label="SI = \\frac\{PRT\}\{100\}"><span class="katex">/);
    expect(html).toMatch(/<div class="math-display" role="math" aria-label="x\^2"><span class="katex-display">/);
    expect(html).not.toContain('data-math');
  });

  it('escapes TeX that tries to break out of the label or run commands', () => {
    const html = renderMarkdown('$\\href{javascript:alert(1)}{x}$ and $"><img src=x onerror=alert(1)>$');
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
  });

  it('keeps tables with alignment, safe links and lazy images', () => {
    const html = renderMarkdown('| a | b |\n|--:|:-:|\n| 1 | 2 |\n\n[SSC](https://ssc.gov.in) ![chart](/covers/x.png)');
    expect(html).toContain('<th style="text-align:right">a</th>');
    expect(html).toContain('<a href="https://ssc.gov.in" rel="nofollow noopener noreferrer ugc">SSC</a>');
    expect(html).toContain('<img src="/covers/x.png" alt="chart" loading="lazy" decoding="async" />');
  });

  it('allows data: URLs only for raster images', () => {
    expect(renderMarkdown('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(renderMarkdown('<a href="data:image/png;base64,iVBORw0KGgo=">x</a>')).not.toContain('data:');
  });
});

describe('renderMarkdown skips the sanitiser only where that changes nothing', () => {
  // Markdown syntax, entities and typography in small pieces, so random joins make emphasis, code,
  // lists, breaks, rules, links, math and quotes; a few raw tags check that a `<` in the source
  // always means the sanitiser (an unclosed `<em>` is markup the shortcut must not take as its own).
  const piece = fc.constantFrom(
    'a', 'Word', ' ', '  ', '\n', '  \n', '\n\n', '\t', '*', '**', '_', '`', '~~', '\\', '#', '## ', '- ', '+ ', '1. ', '3) ', '8.',
    '> ', '---', '    code', '```', '|', '[', ']', '(', ')', '!', '=', '"', "'", '&', ';', '&quot;', '&amp;', '&#60;', '&lt;', '&gt;',
    '&copy;', '&nbsp;', '&#0;', '&#x27;', '&bogus;', '(c)', '...', '--', '$', '$x^2$', '$$', '\\$', 'https://ssc.gov.in', 'www.example.com',
    'a@b.in', '[l](https://x.io)', '![i](/x.png)', '[j](javascript:alert(1))', 'हिंदी', '√', '😀', '\u0000', '\r\n', '{', '}', '%', '>',
    '<em>', '</strong>', '<br>', '<li>', '<code>',
  );
  const source = fc.array(piece, { maxLength: 24 }).map((p) => p.join(''));

  it('gives the same HTML as sanitising every render, on generated Markdown', () => {
    fc.assert(fc.property(source, (md) => {
      expect(renderMarkdown(md)).toBe(renderMarkdownSanitisingAll(md));
    }), { numRuns: 3000 });
  });

  it.each(XSS_VECTORS.map((v, i) => [i + 1, v]))('gives the same HTML for vector %i either way', (_i, vector) => {
    const md = `Intro paragraph.\n\n${vector}\n\nOutro.`;
    expect(renderMarkdown(md)).toBe(renderMarkdownSanitisingAll(md));
  });
});

describe('reading time and excerpts', () => {
  it('counts 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(10))).toBe(1);
    expect(readingMinutes('word '.repeat(401))).toBe(3);
    expect(readingMinutes('')).toBe(1);
  });

  it('makes a plain-text excerpt without markup or math, cut at a word', () => {
    expect(plainExcerpt('## Heading\n\nSome **bold** text & more $x^2$ here.')).toBe('Heading Some bold text & more here.');
    const long = plainExcerpt('alpha '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(51);
    expect(long.endsWith('…')).toBe(true);
  });
});
