import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownSanitisingAll } from '../../lib/markdown/markdown.js';
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

describe('renderMarkdown skips the sanitiser only where that changes nothing', () => {
  // Question texts as the importer stores them (plain and Moodle auto-format), from one-word options to stems.
  const word = fc.constantFrom('The', 'train', 'covers', '120', 'km', 'in', '2.5', 'hours;', 'its', 'speed', 'is', '48 km/h', '×', '=', '₹1,200', '"quoted"', "it's", 'A & B', 'प्रश्न', 'उत्तर', '5%', '(a)', 'x_1', '*', '#', '$5', '[note]', '<b>', '\n');
  const plainText = fc
    .record({ words: fc.array(word, { minLength: 1, maxLength: 30 }), format: fc.constantFrom('plain' as const, 'moodle' as const) })
    .map(({ words, format }) => toMarkdown({ text: words.join(' '), format }));

  it('gives the same HTML as sanitising every render, on question-like text', () => {
    fc.assert(fc.property(plainText, (md) => {
      expect(renderMarkdown(md)).toBe(renderMarkdownSanitisingAll(md));
    }), { numRuns: 1000 });
  });
});
