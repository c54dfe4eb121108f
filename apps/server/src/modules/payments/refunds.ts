import { APP, localizeMessage } from '@abhyas/contracts';
import type { Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { MailMessage } from '../../lib/mailer.js';
import { BY_SERVER, recordAudit, type AuditActor } from '../audit/audit.service.js';
import { formatAmount } from './money.js';
import type { PaymentDeps } from './payments.deps.js';
import { claimRefund, markRefunded, markRefundPending, orderById, paidOrdersOfEntry, refundMailFacts, refundsDue } from './payments.repo.js';
import type { PaymentOrderRow } from './payments.table.js';

/* Refunds: asked of the provider once across processes, retried by the sweep, and mailed about once. */

/** A refund claimed by a process that then went away is tried again after this long. */
export const REFUND_RETRY_MS = 2 * 60 * 1000;
const REFUNDS_PER_ROUND = 100;

type RefundFacts = NonNullable<Awaited<ReturnType<typeof refundMailFacts>>> & { title: string; slug: string };

/** The mail telling a candidate their entry fee was refunded, in their language; the order's note is said in it too. */
function refundMail(facts: RefundFacts, publicUrl: string): MailMessage {
  const amount = formatAmount(Number(facts.amount), facts.currency);
  const page = `${publicUrl}/contests/${encodeURIComponent(facts.slug)}`;
  const note = facts.note ? ['', localizeMessage(facts.note, facts.language)] : [];
  if (facts.language === 'hi') {
    return {
      to: facts.email,
      subject: `${facts.title} का प्रवेश शुल्क वापस कर दिया गया है`,
      text: [
        `नमस्ते ${facts.name},`,
        '',
        `प्रतियोगिता "${facts.title}" के लिए आपका ${amount} का भुगतान उसी माध्यम से वापस कर दिया गया है जिससे आपने भुगतान किया था।`,
        ...note,
        '',
        'बैंक आमतौर पर 5 से 7 कार्यदिवसों में रिफ़ंड दिखाते हैं।',
        '',
        `प्रतियोगिता: ${page}`,
        '',
        `— ${APP.name}`,
      ].join('\n'),
    };
  }
  return {
    to: facts.email,
    subject: `Your entry fee for ${facts.title} has been refunded`,
    text: [
      `Hello ${facts.name},`,
      '',
      `Your payment of ${amount} for the contest "${facts.title}" has been refunded to the way you paid.`,
      ...note,
      '',
      'Banks usually show a refund within 5 to 7 working days.',
      '',
      `The contest: ${page}`,
      '',
      `— ${APP.name}`,
    ].join('\n'),
  };
}

/** Tells the candidate their entry fee was refunded; a mail that cannot be made or sent is logged, never thrown. */
export async function tellRefunded(deps: PaymentDeps, orderId: string): Promise<void> {
  const facts = await refundMailFacts(deps.db, orderId);
  if (!facts) return;
  try {
    const { title, slug } = await deps.contestView(facts.contest_id, facts.user_id);
    await deps.mailer.send(refundMail({ ...facts, title, slug }, deps.publicUrl));
  } catch (err) {
    deps.log.warn({ err, orderId }, 'the refund mail could not be sent');
  }
}

/**
 * Marks a refund done, on `trx`, with its record in the audit trail (the order by its provider's id
 * and amount); false when it was marked done already.
 */
export async function markRefundDone(trx: Executor, clock: Clock, actor: AuditActor, order: PaymentOrderRow, refundId: string | null): Promise<boolean> {
  if (!(await markRefunded(trx, order.id, refundId, clock.now()))) return false;
  await recordAudit(trx, clock, actor, {
    kind: 'payment.refunded',
    object: { type: 'payment', id: order.id, label: `${order.provider_order_id} · ${formatAmount(Number(order.amount), order.currency)}` },
    before: { status: 'refund_pending' },
    after: { status: 'refunded', refundId },
  });
  return true;
}

/** Marks a refund done, and only the process whose update did it tells the candidate. */
async function finishRefund(deps: PaymentDeps, actor: AuditActor, order: PaymentOrderRow, refundId: string | null): Promise<boolean> {
  if (!(await deps.db.transaction().execute((trx) => markRefundDone(trx, deps.clock, actor, order, refundId)))) return false;
  deps.log.info({ orderId: order.id, refundId }, 'entry fee refunded');
  await tellRefunded(deps, order.id);
  return true;
}

/**
 * Asks the provider to refund an order waiting for it, once across processes: the process whose
 * conditional update claims the row calls the provider. When the provider refuses because the
 * payment was refunded already (a process that refunded it went away before writing so), the
 * order's payments say so and the order is marked refunded. Other failures wait for the next sweep.
 * The refund is recorded in the audit trail as `actor`'s.
 */
export async function refundOrder(deps: PaymentDeps, actor: AuditActor, orderId: string, seenUpdatedAt?: number): Promise<boolean> {
  const row = await orderById(deps.db, orderId);
  if (!row || row.status !== 'refund_pending' || !row.provider_payment_id) return false;
  // The claim names the version the caller saw: a sweep that listed the order before another
  // process claimed it must not claim it again from the newer version it would read now.
  if (!(await claimRefund(deps.db, row.id, seenUpdatedAt ?? Number(row.updated_at), deps.clock.now()))) return false;
  try {
    const { id } = await deps.provider.refund(row.provider_payment_id, Number(row.amount));
    return await finishRefund(deps, actor, row, id);
  } catch (err) {
    const payments = await deps.provider.paymentsOfOrder(row.provider_order_id).catch(() => []);
    if (payments.some((p) => p.id === row.provider_payment_id && p.status === 'refunded')) return finishRefund(deps, actor, row, null);
    deps.log.warn({ err, orderId }, 'the refund was not made; it is tried again later');
    return false;
  }
}

/**
 * Refunds the entry's paid order, if it has one, and tells the candidate by mail (a cancelled
 * contest, `actor` the person who cancelled it). A refund the provider does not make now is tried
 * again by `processRefunds`, then recorded as the server's.
 */
export async function refundEntryPayment(deps: PaymentDeps, actor: AuditActor, entryId: string, note: string): Promise<void> {
  for (const order of await paidOrdersOfEntry(deps.db, entryId)) {
    if (await markRefundPending(deps.db, order.id, note, deps.clock.now())) await refundOrder(deps, actor, order.id);
  }
}

/** Refunds waiting and not being worked on: asked for again, each by one process, as the server's own work. */
export async function processRefunds(deps: PaymentDeps): Promise<number> {
  const due = await refundsDue(deps.db, deps.clock.now() - REFUND_RETRY_MS, REFUNDS_PER_ROUND);
  let refunded = 0;
  for (const order of due) if (await refundOrder(deps, BY_SERVER, order.id, Number(order.updated_at))) refunded += 1;
  return refunded;
}
