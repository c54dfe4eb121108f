import { describe, expect, it } from 'vitest';
import { questionOption, questionVersion } from '@/testing/fixtures';
import { compareVersions, wholeDiff, wordDiff, type DiffPart } from './version-diff';

const marked = (parts: DiffPart[], change: DiffPart['change']) => parts.filter((p) => p.change === change).map((p) => p.text.trim());
const text = (parts: DiffPart[]) => parts.map((p) => p.text).join('');

describe('comparing two versions', () => {
  it('marks the words taken out on the first side and those put in on the second, each side reading as its text', () => {
    const diff = wordDiff('A train covers 60 km in an hour.', 'A car covers 80 km in an hour.');
    expect(diff.changed).toBe(true);
    expect(marked(diff.before, 'removed')).toEqual(['train', '60']);
    expect(marked(diff.after, 'added')).toEqual(['car', '80']);
    expect(marked(diff.before, 'added')).toEqual([]);
    expect(text(diff.before)).toBe('A train covers 60 km in an hour.');
    expect(text(diff.after)).toBe('A car covers 80 km in an hour.');
  });

  it('leaves unchanged text unmarked, and an empty side empty', () => {
    expect(wordDiff('Same', 'Same')).toEqual({ before: [{ text: 'Same', change: 'same' }], after: [{ text: 'Same', change: 'same' }], changed: false });
    expect(wordDiff('', 'New explanation')).toMatchObject({ before: [], after: [{ text: 'New explanation', change: 'added' }], changed: true });
  });

  it('marks a value changed as a whole', () => {
    expect(wholeDiff('1', '2')).toEqual({ before: [{ text: '1', change: 'removed' }], after: [{ text: '2', change: 'added' }], changed: true });
    expect(wholeDiff('1', '1').changed).toBe(false);
  });

  it('pairs options place by place, marking a key change and an option only one version has', () => {
    const before = questionVersion({ version: 1, options: [questionOption('3', false), questionOption('4', true)] });
    const after = questionVersion({ version: 2, marks: 2, options: [questionOption('3', true), questionOption('5', false), questionOption('6', false)] });
    const words = { type: (type: string) => type, marking: (marking: string) => marking, marks: String };
    const comparison = compareVersions(before, after, words);

    expect(comparison.marks).toMatchObject({ changed: true, before: [{ text: '1' }], after: [{ text: '2' }] });
    expect(comparison.negativeMarks.changed).toBe(false);
    expect(comparison.stem.changed).toBe(false);
    expect(comparison.options.map((o) => o.keyChanged)).toEqual([true, true, false]);
    expect(comparison.options[1]?.text).toMatchObject({ before: [{ text: '4', change: 'removed' }], after: [{ text: '5', change: 'added' }] });
    expect(comparison.options[2]).toMatchObject({ before: null, text: { before: [], after: [{ text: '6', change: 'added' }] } });
  });
});
