import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownSanitisingAll } from './markdown.js';

// Browsers read `/\host` and `\\host` like `//host`: no rendered link or image may point there.
const OTHER_HOST = /(src|href)="(\/\\|\\\\|\/\/|\\\/)/;

describe('links and images never lead to another host by a slash-backslash address', () => {
  it.each([
    '![x](/\\evil.example/x.png)',
    '[x](/\\evil.example/)',
    '[x](<\\\\evil.example>)',
    '<img src="/\\evil.example/x.png">',
    '<img src="\\\\evil.example/x.png">',
    '<img src="/&#92;evil.example/x.png">',
    '<a href="/\\evil.example/">x</a>',
    '<a href="\\/evil.example/">x</a>',
    '<a href="//evil.example/">x</a>',
  ])('%s', (source) => {
    for (const html of [renderMarkdown(source), renderMarkdownSanitisingAll(source)]) {
      expect(html).not.toMatch(OTHER_HOST);
      expect(html).not.toMatch(/(src|href)="[^"]*\\/);
    }
  });

  it('keeps site paths as they are', () => {
    expect(renderMarkdown('![x](/media/abc.webp)')).toContain('src="/media/abc.webp"');
  });
});
