import { describe, expect, it } from 'vitest';
import { formatImportPosition } from './import-position';
import { stemExcerpt } from './stem-excerpt';

describe('formatImportPosition', () => {
  it('names a line for text formats', () => {
    expect(formatImportPosition({ line: 12 })).toBe('line 12');
    expect(formatImportPosition({ line: 3, column: 7 })).toBe('line 3');
  });

  it('names the question and element for Moodle XML', () => {
    expect(formatImportPosition({ index: 3, element: 'answer[2]' })).toBe('question 3 (answer[2])');
    expect(formatImportPosition({ index: 3, element: 'question', line: 40 })).toBe('question 3');
    expect(formatImportPosition({ index: 1 })).toBe('question 1');
  });

  it('is empty without a position', () => {
    expect(formatImportPosition({})).toBe('');
  });
});

describe('stemExcerpt', () => {
  it('flattens Markdown to one short line', () => {
    expect(stemExcerpt('## What is **2 + 2**?\n\n[see](http://x) `code`')).toBe('What is 2 + 2? see code');
    expect(stemExcerpt('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
