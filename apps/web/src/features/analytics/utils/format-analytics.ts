import { getLocale } from '@/i18n/i18n';

const LOCALES = { en: 'en-IN', hi: 'hi-IN' } as const;

/** A UTC calendar day (YYYY-MM-DD) as "12 Nov". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(LOCALES[getLocale()], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A count with the locale's grouping ("1,23,456" in India). */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(LOCALES[getLocale()], { maximumFractionDigits: 1 }).format(n);
}
