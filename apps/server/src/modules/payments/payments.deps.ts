import type { Contest } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
import type { MailMessage } from '../../lib/mailer.js';
import type { PaymentProvider } from './provider.js';

/**
 * The contests module's side of a payment (it owns entries and seats): inside the payment's
 * transaction, confirm the entry or retake its seat; 'refund' when the seat cannot be had. Declared
 * here, where it is used; src/wiring.ts hands in the contests module's, so neither imports the other.
 */
export type EntryFulfilment = {
  /** Inside the payment's transaction: confirm the entry (or retake a seat); 'refund' when it cannot be had. */
  confirm(trx: Executor, p: { entryId: string; orderId: string; now: number }): Promise<'confirmed' | 'refund'>;
};

/**
 * The contest as a candidate now sees it, from the contests module: an order is shown and mailed
 * about with its title and slug, and the verify answer carries it whole.
 */
export type ContestView = (contestId: string, userId: string) => Promise<Contest>;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type PaymentDeps = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Refunds and their mails run after the answer. */
  jobs: BackgroundJobs;
  mailer: { send: (message: MailMessage) => Promise<void> };
  log: Log;
  publicUrl: string;
  /** Orders still unpaid this long after creation are checked with the provider. */
  reconcileAfterMs: number;
  contestView: ContestView;
};
/** What taking a payment needs besides: the contests module's confirmation of the entry. */
export type FulfilDeps = PaymentDeps & { fulfilment: EntryFulfilment };
