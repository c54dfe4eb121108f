import type { Notice, NoticeList } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { contactsOf } from '../users/users.service.js';
import { noticeMail } from './notice-mail.js';
import { insertNotices, markNoticesRead, noticeRows } from './notices.repo.js';

/**
 * Notices (docs/PRODUCT.md §8.10): what the platform tells one person about their own results and
 * reports, kept for the app and sent by mail. Any module may tell someone something through here.
 */
/** A notice to keep and send: its kind with that kind's facts, whom it is for and where it points. */
export type NewNotice = (Notice extends infer N ? (N extends Notice ? Pick<N, 'kind' | 'params'> : never) : never) & { userId: string; link: string | null };
export type NoticeDeps = { db: Db; clock: Clock; mailer: Mailer; jobs: BackgroundJobs; publicUrl: string };

const LIST_LIMIT = 50;
/** Notices written between two turns of the event loop: a key decision tells thousands at once. */
const NOTICES_PER_TURN = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Keeps the notices (inside the caller's transaction when it passes one) and mails each after the answer. */
export async function tell(deps: NoticeDeps, notices: readonly NewNotice[], db: Executor = deps.db): Promise<void> {
  if (notices.length === 0) return;
  const at = deps.clock.now();
  const rows = notices.map((n) => ({ id: newId(), user_id: n.userId, kind: n.kind, params: JSON.stringify(n.params), link: n.link, created_at: at }));
  for (let from = 0; from < rows.length; from += NOTICES_PER_TURN) {
    if (from > 0) await nextTurn();
    await insertNotices(db, rows.slice(from, from + NOTICES_PER_TURN));
  }
  deps.jobs.run('mailing notices', async () => {
    const contacts = await contactsOf(deps, notices.map((n) => n.userId));
    for (const notice of notices) {
      const to = contacts.get(notice.userId);
      if (to) await deps.mailer.send(noticeMail(notice, to, deps.publicUrl));
    }
  });
}

export async function listNotices(deps: { db: Db }, userId: string): Promise<NoticeList> {
  const { rows, unread } = await noticeRows(deps.db, userId, LIST_LIMIT);
  return {
    data: rows.map((r) => ({ id: r.id, kind: r.kind, params: JSON.parse(r.params), link: r.link, createdAt: toIso(Number(r.created_at)), readAt: r.read_at === null ? null : toIso(Number(r.read_at)) }) as Notice),
    unread,
  };
}

export async function readNotices(deps: { db: Db; clock: Clock }, userId: string, ids: readonly string[] | undefined): Promise<void> {
  await markNoticesRead(deps.db, userId, ids, deps.clock.now());
}
