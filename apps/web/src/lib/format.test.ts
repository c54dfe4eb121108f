import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatFixed, formatMarks, formatReadingTime, formatSignedMarks } from './format';

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

describe('marks and durations', () => {
  it('writes marks with at most two decimals and a true minus sign', () => {
    expect(formatMarks(2)).toBe('2');
    expect(formatMarks(0.5)).toBe('0.5');
    expect(formatMarks(-3.25)).toBe('−3.25');
    expect(formatMarks(1 / 3)).toBe('0.33');
    expect(formatMarks(-0.001)).toBe('0');
    expect(formatMarks(125000)).toBe('1,25,000');
  });

  it('signs a gain or a loss', () => {
    expect(formatSignedMarks(4)).toBe('+4');
    expect(formatSignedMarks(-3.5)).toBe('−3.5');
    expect(formatSignedMarks(0)).toBe('0');
  });

  it('writes a duration in hours, minutes and seconds', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(1510)).toBe('25 min 10 s');
    expect(formatDuration(3720)).toBe('1 h 2 min');
  });
});

describe('formatFixed', () => {
  it('keeps the decimals asked for, groups digits the Indian way and writes a true minus sign', () => {
    expect(formatFixed(45.26)).toBe('45.3');
    expect(formatFixed(12)).toBe('12.0');
    expect(formatFixed(-3.456, 2)).toBe('−3.46');
    expect(formatFixed(123456.7)).toBe('1,23,456.7');
  });

  it('writes no sign on a figure that rounds to zero', () => {
    expect(formatFixed(-0.04)).toBe('0.0');
    expect(formatFixed(-0.001, 2)).toBe('0.00');
  });
});
