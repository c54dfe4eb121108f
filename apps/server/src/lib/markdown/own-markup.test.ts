import { describe, expect, it } from 'vitest';
import { ownMarkupAsSanitised } from './own-markup.js';

const NONCE = 'f00dcafe1';

describe('ownMarkupAsSanitised', () => {
  it('writes plain markup as the sanitiser would', () => {
    expect(ownMarkupAsSanitised('<p>5&quot; &amp; <em>x</em> &lt;b&gt;<br>\nnext</p>\n<hr>\n', NONCE)).toBe('<p>5" &amp; <em>x</em> &lt;b&gt;<br />\nnext</p>\n<hr />\n');
    expect(ownMarkupAsSanitised('<ul>\n<li><strong>a</strong> <code>b</code></li>\n</ul>\n', NONCE)).toBe('<ul>\n<li><strong>a</strong> <code>b</code></li>\n</ul>\n');
  });

  it('keeps this render’s math placeholders and drops texmath’s <eq> around them', () => {
    expect(ownMarkupAsSanitised(`<p>a <eq><span data-math="${NONCE}-0"></span></eq></p>\n`, NONCE)).toBe(`<p>a <span data-math="${NONCE}-0"></span></p>\n`);
  });

  it('declines anything else: attributes, other tags, foreign placeholders, unknown entities, stray brackets', () => {
    for (const raw of [
      '<p><a href="https://x.io">x</a></p>',
      '<ol start="3">\n<li>x</li>\n</ol>',
      '<h2 id="x">x</h2>',
      '<p><img src="x" alt=""></p>',
      '<P>x</P>',
      '<section><eqn><span data-math="f00dcafe1-0"></span></eqn></section>',
      '<p><span data-math="other-0"></span></p>',
      `<p><span data-math="${NONCE}-x"></span></p>`,
      '<p>&#60;</p>',
      '<p>a & b</p>',
      '<p>a > b</p>',
      '<p>a <b</p>',
    ]) {
      expect(ownMarkupAsSanitised(raw, NONCE), raw).toBeNull();
    }
  });
});
