import { describe, expect, it } from 'vitest';
import { formatDate, formatReadingTime } from './format';

describe('formatDate', () => {
  it('writes the day before the month, as read in India', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z', { timeZone: 'UTC' })).toBe('12 Mar 2025');
  });

  it('uses the given time zone to pick the calendar day', () => {
    expect(formatDate('2025-03-12T20:00:00.000Z', { timeZone: 'Asia/Kolkata' })).toBe('13 Mar 2025');
  });

  it('is empty for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatReadingTime', () => {
  it('says how many minutes', () => {
    expect(formatReadingTime(7)).toBe('7 min read');
  });

  it('never says less than one minute', () => {
    expect(formatReadingTime(0)).toBe('1 min read');
    expect(formatReadingTime(-3)).toBe('1 min read');
    expect(formatReadingTime(Number.NaN)).toBe('1 min read');
  });

  it('rounds to whole minutes', () => {
    expect(formatReadingTime(2.4)).toBe('2 min read');
  });
});
