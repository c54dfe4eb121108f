import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../content/markdown.js';
import { toMarkdown } from './question-text.js';

const shown = (text: string, format: 'plain' | 'moodle' = 'plain') => renderMarkdown(toMarkdown({ text, format }));

describe('toMarkdown keeps plain text as written', () => {
  it.each([
    ['8.', '<p>8.</p>\n'],
    ['1947. The year of independence', '<p>1947. The year of independence</p>\n'],
    ['2) both', '<p>2) both</p>\n'],
    ['- 5', '<p>- 5</p>\n'],
    ['+ 3', '<p>+ 3</p>\n'],
    ['---', '<p>---</p>\n'],
    ['# of people', '<p># of people</p>\n'],
    ['> 50%', '<p>&gt; 50%</p>\n'],
    ['a * b * c', '<p>a * b * c</p>\n'],
    ['Costs $5 and $10', '<p>Costs $5 and $10</p>\n'],
    ['-5', '<p>-5</p>\n'],
    ['3.14', '<p>3.14</p>\n'],
  ])('%j', (text, html) => {
    expect(shown(text)).toBe(html);
  });

  it('keeps Moodle auto-format line breaks and escapes each line start', () => {
    expect(shown('Total\n===\n1. first', 'moodle')).toBe('<p>Total<br />\n===<br />\n1. first</p>\n');
  });
});
