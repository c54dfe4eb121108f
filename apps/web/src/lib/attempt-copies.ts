import type { Attempt, SavedAnswer } from '@abhyas/contracts';
import { del, delMany, get, keys, set } from 'idb-keyval';
import { examDeviceDb } from './exam-device-db';

/** An attempt as the server answered it, with the server's time and when the request left and the answer came. */
export interface AttemptCopy {
  data: Attempt;
  serverTime: string;
  sentAt: number;
  receivedAt: number;
}

const PREFIX = 'copy:';
const key = (attemptId: string) => `${PREFIX}${attemptId}`;

// One write at a time, so a save's answer and a fresh copy never undo each other.
let writing: Promise<unknown> = Promise.resolve();
function serially<T>(write: () => Promise<T>): Promise<T | undefined> {
  const next = writing.then(write).catch(() => undefined);
  writing = next;
  return next;
}

/** The newer of two answers to a question: the one written by the later save. */
function withAnswer(attempt: Attempt, answer: SavedAnswer): Attempt {
  const { applied: _applied, ...saved } = answer as SavedAnswer & { applied?: boolean };
  const known = attempt.answers.find((a) => a.questionId === saved.questionId);
  if (known && known.seq >= saved.seq) return attempt;
  return { ...attempt, answers: [...attempt.answers.filter((a) => a.questionId !== saved.questionId), saved], lastSeq: Math.max(attempt.lastSeq, saved.seq) };
}

/**
 * The last copy of each of the signed-in candidate's own open timed attempts, kept on this device so
 * the exam screen opens without a connection (a reload offline): the attempt as the screen last got
 * it, with every answer the server acknowledged since, and the timing that sets the screen's clock
 * (docs/PRODUCT.md §8.12). Only the candidate's own open attempt is kept, which carries no key; a
 * submitted one is removed, and signing out removes them all. Nothing is kept where IndexedDB is refused.
 */
export const attemptCopies = {
  /** Keeps the attempt as the server just answered it (an open timed attempt), or removes its copy. */
  keep(copy: AttemptCopy): Promise<void> {
    const db = examDeviceDb();
    const { data } = copy;
    if (!db) return Promise.resolve();
    return serially(async () => {
      if (data.behaviour !== 'timed' || data.status !== 'open') return del(key(data.id), db);
      // A save acknowledged while this answer was on its way is newer than what it carries.
      const stored = await get<AttemptCopy>(key(data.id), db);
      const attempt = (stored?.data.answers ?? []).reduce(withAnswer, data);
      await set(key(data.id), { ...copy, data: attempt }, db);
    }).then(() => undefined);
  },

  /** Adds an answer the server acknowledged to the attempt's copy, if one is kept. */
  recordAnswer(attemptId: string, answer: SavedAnswer): Promise<void> {
    const db = examDeviceDb();
    if (!db) return Promise.resolve();
    return serially(async () => {
      const stored = await get<AttemptCopy>(key(attemptId), db);
      if (stored) await set(key(attemptId), { ...stored, data: withAnswer(stored.data, answer) }, db);
    }).then(() => undefined);
  },

  /** Removes the attempt's copy (the attempt was submitted). */
  remove(attemptId: string): Promise<void> {
    const db = examDeviceDb();
    if (!db) return Promise.resolve();
    return serially(() => del(key(attemptId), db)).then(() => undefined);
  },

  /** The kept copy of the attempt, if any. */
  async load(attemptId: string): Promise<AttemptCopy | undefined> {
    const db = examDeviceDb();
    if (!db) return undefined;
    await writing;
    return get<AttemptCopy>(key(attemptId), db).catch(() => undefined);
  },
};

/** Removes every kept attempt copy (sign-out); the queue of saves not yet sent stays, to be sent at the next sign-in. */
export function forgetAttemptCopies(): Promise<void> {
  const db = examDeviceDb();
  if (!db) return Promise.resolve();
  return serially(async () => {
    const copies = (await keys<IDBValidKey>(db)).filter((k) => typeof k === 'string' && k.startsWith(PREFIX));
    await delMany(copies, db);
  }).then(() => undefined);
}
