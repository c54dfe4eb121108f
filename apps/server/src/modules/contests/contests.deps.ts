import type { PaymentStart } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AttemptDeps } from '../attempts/attempts.service.js';
import type { AuditActor } from '../audit/audit.service.js';

/**
 * What contests ask of the payments module, injected by the app (null when no provider is
 * configured), so that neither module imports the other.
 */
export type ContestPayments = {
  /**
   * Opens the provider order for a pending entry, or answers the entry's order still open; the
   * amount comes from the contest as stored.
   */
  openOrder(p: {
    contestId: string;
    entryId: string;
    userId: string;
    amount: number;
    currency: string;
    description: string;
    contestSlug: string;
    holdExpiresAt: number;
  }): Promise<PaymentStart>;
  /** Refunds the entry's paid order, if it has one, and tells the candidate by mail; the refund is recorded in the audit trail as `actor`'s. */
  refundEntry(p: { entryId: string; note: string; actor: AuditActor }): Promise<void>;
};

export type ContestsDeps = {
  db: Db;
  clock: Clock;
  /** Whether paid contests may be joined on this site. */
  paidEntry: boolean;
  /** How long a paid entry holds its seat while the payment is pending. */
  holdMs: number;
  payments: ContestPayments | null;
  /** Tells the live leaderboard that a contest's participants changed (a join, an attempt started). */
  announce?: (contestId: string) => void;
  /** How long after its end a contest's answer key may be challenged (24 hours unless configured). */
  challengeWindowMs?: number;
};

/** Playing a contest: its attempt runs on the exam engine. */
export type ContestPlayDeps = ContestsDeps & { exam: AttemptDeps };

/** Editors' changes: cancelling tells the entrants by mail, after answering. */
export type ContestAdminDeps = ContestsDeps & { jobs: BackgroundJobs; mailer: Mailer; publicUrl: string };

/** The database and the clock, all some functions need. */
export type Core = { db: Db; clock: Clock };
