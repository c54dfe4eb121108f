import 'fake-indexeddb/auto';
import type { SavedAnswer } from '@abhyas/contracts';
import { get, keys, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { timedAttempt } from '@/testing/fake-exam';
import { attemptCopies, forgetAttemptCopies, type AttemptCopy } from './attempt-copies';
import { examDeviceDb } from './exam-device-db';

const db = () => examDeviceDb()!;
const answer = (questionId: string, seq: number, optionIds: SavedAnswer['optionIds'] = ['A']): SavedAnswer => ({
  questionId,
  optionIds,
  markedForReview: false,
  confidence: null,
  state: optionIds.length > 0 ? 'answered' : 'notAnswered',
  seq,
  savedAt: new Date().toISOString(),
});
const copyOf = (overrides: Parameters<typeof timedAttempt>[0] = {}): AttemptCopy => {
  const data = timedAttempt(overrides);
  return { data, serverTime: data.serverTime, sentAt: Date.now() - 200, receivedAt: Date.now() };
};

afterEach(async () => {
  await forgetAttemptCopies();
});

describe('the copies of open attempts kept on the device', () => {
  it('keeps an open timed attempt with its timing, and the answers the server acknowledges after it', async () => {
    const copy = copyOf({ id: 'open-1', answers: [answer('q1', 1)], lastSeq: 1 });
    await attemptCopies.keep(copy);
    await attemptCopies.recordAnswer('open-1', { ...answer('q2', 2, ['C']), applied: true } as SavedAnswer);
    await attemptCopies.recordAnswer('open-1', answer('q1', 3, ['B']));
    // An answer older than the one kept changes nothing.
    await attemptCopies.recordAnswer('open-1', answer('q1', 2, ['D']));

    const kept = await attemptCopies.load('open-1');
    expect(kept).toMatchObject({ serverTime: copy.serverTime, sentAt: copy.sentAt, receivedAt: copy.receivedAt });
    expect(kept?.data.answers.map((a) => [a.questionId, a.optionIds, a.seq]).sort()).toEqual([
      ['q1', ['B'], 3],
      ['q2', ['C'], 2],
    ]);
    expect(kept?.data.lastSeq).toBe(3);
    expect(kept?.data.answers.some((a) => 'applied' in a)).toBe(false);
  });

  it('keeps the newer answers when a fresh copy arrives that was read before a later save', async () => {
    await attemptCopies.keep(copyOf({ id: 'open-2' }));
    await attemptCopies.recordAnswer('open-2', answer('q1', 4, ['B']));
    await attemptCopies.keep(copyOf({ id: 'open-2', answers: [answer('q1', 3, ['A']), answer('q2', 2)], lastSeq: 3 }));
    const kept = await attemptCopies.load('open-2');
    expect(kept?.data.answers.find((a) => a.questionId === 'q1')).toMatchObject({ optionIds: ['B'], seq: 4 });
    expect(kept?.data.answers.find((a) => a.questionId === 'q2')).toMatchObject({ seq: 2 });
  });

  it('never keeps a submitted attempt nor a practice session, and removes the copy once submitted', async () => {
    await attemptCopies.keep(copyOf({ id: 'practice-1', behaviour: 'practice', endsAt: null }));
    await attemptCopies.keep(copyOf({ id: 'done-1', status: 'submitted', submittedAt: new Date().toISOString() }));
    expect(await attemptCopies.load('practice-1')).toBeUndefined();
    expect(await attemptCopies.load('done-1')).toBeUndefined();

    await attemptCopies.keep(copyOf({ id: 'open-3' }));
    expect(await attemptCopies.load('open-3')).toBeDefined();
    await attemptCopies.keep(copyOf({ id: 'open-3', status: 'submitted', submittedAt: new Date().toISOString() }));
    expect(await attemptCopies.load('open-3')).toBeUndefined();
    // An answer acknowledged after that adds no copy back.
    await attemptCopies.recordAnswer('open-3', answer('q1', 5));
    expect(await attemptCopies.load('open-3')).toBeUndefined();
  });

  it('are all removed at sign-out, while the saves still waiting on the device stay to be sent', async () => {
    await attemptCopies.keep(copyOf({ id: 'open-4' }));
    await attemptCopies.keep(copyOf({ id: 'open-5' }));
    await set('attempt:open-4', { seq: 1, pending: [{ questionId: 'q1', seq: 1 }], notCounted: [], timeMs: {}, position: null }, db());

    await forgetAttemptCopies();
    expect(await attemptCopies.load('open-4')).toBeUndefined();
    expect(await attemptCopies.load('open-5')).toBeUndefined();
    expect((await keys(db())).filter((k) => String(k).startsWith('copy:'))).toEqual([]);
    expect(await get('attempt:open-4', db())).toMatchObject({ pending: [{ questionId: 'q1' }] });
  });
});
