import type { Language } from '@abhyas/contracts';
import { getLocale, t } from '@/i18n/i18n';

// Indian conventions for each UI language: "12 Mar 2025" rather than the US "Mar 12, 2025".
const DATE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A calendar date such as "12 Mar 2025" for an ISO timestamp; '' for null or an unreadable value. */
export function formatDate(iso: string | null | undefined, options: { timeZone?: string } = {}): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[getLocale()], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** "N min read", never less than one minute. */
export function formatReadingTime(minutes: number): string {
  const whole = Number.isFinite(minutes) ? Math.max(1, Math.round(minutes)) : 1;
  return t('content.readingTime', { minutes: whole });
}

/** A mark or score as people write it: "2", "0.5", "−3.25" (at most two decimals, Indian digit grouping). */
export function formatMarks(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  // A true minus sign, as in print, rather than a hyphen.
  return new Intl.NumberFormat(DATE_LOCALES[getLocale()], { maximumFractionDigits: 2 }).format(rounded === 0 ? 0 : rounded).replace('-', '−');
}

/** A duration in whole minutes and seconds: "42 min 5 s", "45 s", "1 h 2 min". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('format.hoursMinutes', { h, m });
  if (m > 0) return t('format.minutesSeconds', { m, s });
  return t('format.seconds', { s });
}

/** A mark with its sign, as a gain or a loss: "+4", "−3.5", "0". */
export function formatSignedMarks(value: number): string {
  const text = formatMarks(Math.abs(value));
  if (text === '0') return '0';
  return value > 0 ? `+${text}` : `−${text}`;
}

/** A figure with a fixed number of decimals and a true minus sign: "45.3", "−12.0", "1,234.5". */
export function formatFixed(value: number, digits = 1): string {
  const text = new Intl.NumberFormat(DATE_LOCALES[getLocale()], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  // −0.04 rounds to "-0.0": no sign on a zero.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text.replace('-', '−');
}

/** A moment with weekday, date, time and the time zone named, in the reader's own zone: "Wed, 26 Nov, 10:00 am IST". */
export function formatDateTime(iso: string, options: { timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[getLocale()], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** A moment with its year and seconds, in the reader's own zone, named: "26 Nov 2026, 10:00:05 am IST". */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[getLocale()], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The NTA percentile as it is published, to 7 decimals at most ("99.8765432"), the same on every page. */
export function formatPercentile(value: number): string {
  return new Intl.NumberFormat(DATE_LOCALES[getLocale()], { maximumFractionDigits: 7 }).format(value);
}
