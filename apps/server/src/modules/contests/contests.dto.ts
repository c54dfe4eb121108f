import type { AdminContest, Contest, ContestEntry, ContestStatus, Prize } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import type { ContestEntryRow, ContestRow } from './contests.table.js';

/**
 * Where a contest stands now: drafts and cancelled contests as stored; a published one by the clock
 * (upcoming before its start, running until its end, ended until its results are final).
 */
export function contestStatus(row: Pick<ContestRow, 'status' | 'starts_at' | 'ends_at' | 'finalized_at'>, now: number): ContestStatus {
  if (row.status === 'draft') return 'draft';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.finalized_at !== null) return 'final';
  if (now < Number(row.starts_at)) return 'upcoming';
  if (now < Number(row.ends_at)) return 'running';
  return 'ended';
}

/**
 * Messages name no moment: the contest's times travel as ISO instants beside them, and the web app
 * shows every time of a page in the reader's own time zone.
 */
export const REGISTRATION_CLOSED_AT_START = 'Registration closed when the contest started';

export const PAID_ENTRY_OFF_REASON = 'Paid entry is not offered on this site';

/**
 * Whether the caller may join now, and if not why: the first reason that applies, in the words the
 * contest page shows.
 */
export function registrationOf(row: ContestRow, now: number, paidOffered: boolean): { open: boolean; reason: string | null } {
  const status = contestStatus(row, now);
  if (status === 'cancelled') return { open: false, reason: `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}` };
  if (status === 'draft') return { open: false, reason: 'Registration has not opened yet' };
  if (status === 'ended' || status === 'final') return { open: false, reason: 'The contest has ended' };
  if (status === 'running') return { open: false, reason: REGISTRATION_CLOSED_AT_START };
  if (row.price_amount > 0 && !paidOffered) return { open: false, reason: PAID_ENTRY_OFF_REASON };
  if (row.filled_seats >= row.total_seats) return { open: false, reason: 'Contest is full' };
  return { open: true, reason: null };
}

export function parsePrizes(json: string): Prize[] {
  try {
    const parsed = JSON.parse(json) as Prize[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Rupees with Indian digit grouping: ₹999, ₹1,499, ₹1,00,000; paise only when there are some. */
export function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** The whole rupees of the cash prize for rank 1; 0 when rank 1 wins no cash. */
export function firstPrizeRupees(prizes: Prize[]): number {
  const first = prizes.find((p) => p.kind === 'cash' && p.fromRank <= 1 && p.toRank >= 1);
  return first?.amount ? Math.floor(first.amount / 100) : 0;
}

/** First names only: the card shows a few participants without their full names. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function toEntry(entry: ContestEntryRow, ranked: number, compensatoryTime: ContestEntry['compensatoryTime']): ContestEntry | null {
  if (entry.status !== 'pending' && entry.status !== 'confirmed') return null;
  return {
    status: entry.status,
    holdExpiresAt: entry.status === 'pending' && entry.hold_expires_at !== null ? toIso(Number(entry.hold_expires_at)) : null,
    attemptId: entry.attempt_id,
    rank: entry.final_rank,
    rankOf: entry.final_rank === null ? null : ranked,
    prize: entry.prize ? (JSON.parse(entry.prize) as Prize) : null,
    ratingBefore: entry.rating_before,
    ratingAfter: entry.rating_after,
    compensatoryTime: entry.status === 'confirmed' ? compensatoryTime : null,
  };
}

export type ContestView = {
  now: number;
  paidOffered: boolean;
  challengeWindowMs: number;
  questionCount: number;
  /** Until when the paper's key is sealed: the contest's end, or the last end of an entrant's compensatory time past it. */
  keySealedUntil: number | null;
  users: { count: number; names: string[] };
  /** Entrants with a final rank: those who started the paper. */
  ranked: number;
  entry: ContestEntryRow | undefined;
  /** The caller's compensatory time in this contest, null without it. */
  compensatoryTime: ContestEntry['compensatoryTime'];
};

export function toContest(row: ContestRow, view: ContestView): Contest {
  const prizes = parsePrizes(row.prizes);
  const entry = view.entry ? toEntry(view.entry, view.ranked, view.compensatoryTime) : null;
  // The challenge window opens when the paper's key is released: at the end, or once the last
  // entrant's compensatory time is over.
  const keyReleasedAt = Math.max(Number(row.ends_at), view.keySealedUntil ?? 0);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    icon: row.icon as Contest['icon'],
    level: row.level,
    price: row.price_amount > 0 ? rupees(row.price_amount) : 'Free',
    priceAmount: row.price_amount,
    currency: row.currency,
    isFree: row.price_amount === 0,
    totalSeats: row.total_seats,
    filledSeats: row.filled_seats,
    users: { count: view.users.count, names: view.users.names.map(firstName) },
    firstPrize: firstPrizeRupees(prizes),
    prizes,
    description: row.description,
    startsAt: toIso(Number(row.starts_at)),
    endsAt: toIso(Number(row.ends_at)),
    durationMinutes: row.duration_minutes,
    questionCount: view.questionCount,
    freezeMinutes: row.freeze_minutes,
    status: contestStatus(row, view.now),
    challengesCloseAt: row.status === 'published' ? toIso(keyReleasedAt + view.challengeWindowMs) : null,
    testId: row.test_id,
    // A candidate already in answers as the join would: there is nothing left to join.
    registration: view.entry?.status === 'confirmed' ? { open: false, reason: 'Already joined' } : registrationOf(row, view.now, view.paidOffered),
    ...(view.entry?.status === 'confirmed' && view.entry.joined_at !== null ? { joinedAt: toIso(Number(view.entry.joined_at)) } : {}),
    entry,
  };
}

export function toAdminContest(row: ContestRow, contest: Contest, extra: { testTitle: string; entries: { confirmed: number; pending: number } }): AdminContest {
  return {
    ...contest,
    published: row.status === 'published',
    cancelledAt: row.cancelled_at === null ? null : toIso(Number(row.cancelled_at)),
    testTitle: extra.testTitle,
    entries: extra.entries,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

/** A prize line as a reader of the audit trail reads it: “Ranks 2–3: voucher ₹500 (Book voucher)”. */
function prizeLine(p: Prize): string {
  const ranks = p.fromRank === p.toRank ? `Rank ${p.fromRank}` : `Ranks ${p.fromRank}–${p.toRank}`;
  const amount = p.amount ? ` ${rupees(p.amount)}` : '';
  return `${ranks}: ${p.kind}${amount}${p.description ? ` (${p.description})` : ''}`;
}

/**
 * A contest as the audit trail records it: title, schedule, seats, price, prizes, its paper (the
 * test's title), the board's freeze and its status, with the reason once cancelled.
 */
export function contestAuditView(row: ContestRow, paper: string) {
  return {
    title: row.title,
    startsAt: toIso(Number(row.starts_at)),
    durationMinutes: row.duration_minutes,
    seats: row.total_seats,
    price: row.price_amount > 0 ? rupees(row.price_amount) : 'Free',
    prizes: parsePrizes(row.prizes).map(prizeLine),
    paper,
    freezeMinutes: row.freeze_minutes,
    status: row.status,
    ...(row.status === 'cancelled' ? { cancelReason: row.cancel_reason } : {}),
  };
}

export const contestAuditObject = (row: Pick<ContestRow, 'id' | 'title'>) => ({ type: 'contest' as const, id: row.id, label: row.title });
