import type { Prize } from '@abhyas/contracts';
import { getLocale, t } from '@/i18n/i18n';

const NUMBER_LOCALES = { en: 'en-IN', hi: 'hi-IN' } as const;
const locale = () => NUMBER_LOCALES[getLocale()];

/** Rupees as people write them in India: "₹5,000", "₹1,00,000", "₹499.50". */
export function formatRupees(rupees: number): string {
  const whole = Number.isInteger(rupees);
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: 'INR', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(rupees);
}

/** An amount in paise, shown in rupees. */
export function formatPaise(paise: number): string {
  return formatRupees(paise / 100);
}

/** A clock time with the reader's zone named, as every other moment on a contest's page: "10:20 am IST". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date);
}

/** Time left as "2 d 03:04:05" or "03:04:05"; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? t('contests.countdown.days', { days, clock }) : clock;
}

/** The ranks a prize covers: "1" or "4–10". */
export function formatRanks(prize: Pick<Prize, 'fromRank' | 'toRank'>): string {
  return prize.fromRank === prize.toRank ? String(prize.fromRank) : `${prize.fromRank}–${prize.toRank}`;
}

/** What a prize is, in words: "₹5,000", "Book voucher worth ₹500", "Certificate". */
export function formatPrize(prize: Pick<Prize, 'kind' | 'amount' | 'description'>): string {
  const description = prize.description.trim();
  if (prize.kind === 'cash') return prize.amount === null ? description : description ? `${formatPaise(prize.amount)} · ${description}` : formatPaise(prize.amount);
  const named = description || t(`contests.prize.${prize.kind}`);
  return prize.amount === null ? named : t('contests.prize.worth', { prize: named, amount: formatPaise(prize.amount) });
}

/** A rating change with its sign: "+42", "−17", "±0". */
export function formatDelta(before: number, after: number): string {
  const delta = after - before;
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}
