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
