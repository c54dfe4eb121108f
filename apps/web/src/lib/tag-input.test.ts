import { blogInputSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { formatTagInput, parseTagInput } from './tag-input';

describe('parseTagInput', () => {
  it('splits on commas and trims', () => {
    expect(parseTagInput('algebra, ssc-cgl ,  percentages')).toEqual(['algebra', 'ssc-cgl', 'percentages']);
  });

  it('drops blanks, including a trailing comma', () => {
    expect(parseTagInput('a,, b, ,')).toEqual(['a', 'b']);
    expect(parseTagInput('')).toEqual([]);
    expect(parseTagInput('   ')).toEqual([]);
    expect(parseTagInput(undefined)).toEqual([]);
  });

  it('keeps spaces inside a tag and leaves case and duplicates to the schema', () => {
    expect(parseTagInput('Time and Work, time and work')).toEqual(['Time and Work', 'time and work']);
    const parsed = blogInputSchema.parse({ title: 'T', content: 'x', tags: parseTagInput('SSC, ssc, Banking') });
    expect(parsed.tags).toEqual(['ssc', 'banking']);
  });

  it('keeps an over-long tag so the schema can say what is wrong', () => {
    const tags = parseTagInput(`ok, ${'x'.repeat(41)}`);
    expect(tags).toHaveLength(2);
    const result = blogInputSchema.safeParse({ title: 'T', content: 'x', tags });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe('tags');
  });
});

describe('formatTagInput', () => {
  it('joins with a comma and a space, and parses back to the same list', () => {
    const tags = ['algebra', 'ssc-cgl'];
    expect(formatTagInput(tags)).toBe('algebra, ssc-cgl');
    expect(parseTagInput(formatTagInput(tags))).toEqual(tags);
    expect(formatTagInput([])).toBe('');
  });
});
