import { type AdminContest, type ContestIcon, type ContestInput, type ContestLevel, type PrizeKind } from '@abhyas/contracts';
import { issuesToPathErrors } from '@/lib/form-errors';

/** A prize line as typed: amounts in rupees, ranks as text until saved. */
export interface PrizeDraft {
  key: number;
  fromRank: string;
  toRank: string;
  kind: PrizeKind;
  amountRupees: string;
  description: string;
}

/** The contest form's state, as typed: start in local time, price and prizes in rupees. */
export interface ContestDraft {
  title: string;
  slug: string;
  icon: ContestIcon;
  level: ContestLevel;
  description: string;
  testId: string;
  startsAtLocal: string;
  durationMinutes: string;
  totalSeats: string;
  priceRupees: string;
  prizes: PrizeDraft[];
  freezeMinutes: string;
  published: boolean;
}

let nextKey = 1;
/** A new, empty prize line for ranks after the last one. */
export function newPrize(after?: PrizeDraft): PrizeDraft {
  const rank = after ? String((Number(after.toRank) || 0) + 1) : '1';
  return { key: nextKey++, fromRank: rank, toRank: rank, kind: 'cash', amountRupees: '', description: '' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of `<input type="datetime-local">` in this device's time zone: "2026-12-01T10:00". */
export function isoToLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value read in this device's time zone, written with its offset: "2026-12-01T10:00:00+05:30"; '' when empty or unreadable. */
export function localToIso(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return '';
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (Number.isNaN(date.getTime())) return '';
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Rupees as typed ("999", "1,499.50", "₹ 799") in whole paise; NaN when not an amount with at most two decimals. */
export function rupeesToPaise(text: string): number {
  const clean = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise shown as rupees for editing: 99900 → "999", 149950 → "1499.50". */
export function paiseToRupees(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

// A number field: empty stays empty (the schema says what is missing), anything else is read as a number.
const numberOrText = (text: string): number | string => (text.trim() === '' ? text : Number(text));

/** The form's state for a saved contest, or a new one's defaults. */
export function draftFromContest(contest?: AdminContest): ContestDraft {
  if (!contest) {
    return { title: '', slug: '', icon: 'general', level: 'Beginner', description: '', testId: '', startsAtLocal: '', durationMinutes: '30', totalSeats: '100', priceRupees: '0', prizes: [], freezeMinutes: '', published: false };
  }
  return {
    title: contest.title,
    slug: contest.slug,
    icon: contest.icon,
    level: contest.level,
    description: contest.description,
    testId: contest.testId,
    startsAtLocal: isoToLocal(contest.startsAt),
    durationMinutes: String(contest.durationMinutes),
    totalSeats: String(contest.totalSeats),
    priceRupees: paiseToRupees(contest.priceAmount),
    prizes: contest.prizes.map((p) => ({ key: nextKey++, fromRank: String(p.fromRank), toRank: String(p.toRank), kind: p.kind, amountRupees: p.amount === null ? '' : paiseToRupees(p.amount), description: p.description })),
    freezeMinutes: contest.freezeMinutes === null ? '' : String(contest.freezeMinutes),
    published: contest.published,
  };
}

/** What the form sends (before the schema checks it): rupees become paise, local time an instant with its offset. */
export function draftToInput(draft: ContestDraft): ContestInput {
  const slug = draft.slug.trim();
  return {
    title: draft.title,
    ...(slug ? { slug } : {}),
    icon: draft.icon,
    level: draft.level,
    description: draft.description,
    testId: draft.testId,
    startsAt: localToIso(draft.startsAtLocal),
    durationMinutes: numberOrText(draft.durationMinutes) as number,
    totalSeats: numberOrText(draft.totalSeats) as number,
    priceAmount: draft.priceRupees.trim() === '' ? 0 : rupeesToPaise(draft.priceRupees),
    prizes: draft.prizes.map((p) => ({
      fromRank: numberOrText(p.fromRank) as number,
      toRank: numberOrText(p.toRank) as number,
      kind: p.kind,
      amount: p.amountRupees.trim() === '' ? null : rupeesToPaise(p.amountRupees),
      description: p.description,
    })),
    freezeMinutes: draft.freezeMinutes.trim() === '' ? null : (numberOrText(draft.freezeMinutes) as number),
    published: draft.published,
  };
}

/** Validation messages by field path ("title", "prizes.0.amount"), the first for each. */
export const pathErrors = issuesToPathErrors;
