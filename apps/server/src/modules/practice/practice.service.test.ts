import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestDb, testClock } from '../../../test/helpers.js';
import { makeQuestion, makeQuestions } from '../../../test/practice-factories.js';
import type { Db } from '../../db/index.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { bulkQuestions } from '../questions/questions.service.js';
import { addBookmark, listBookmarks, removeBookmark } from './bookmarks.js';
import { learningPort, mistakeQuestionIds, mistakesShelf, recordOutcomes } from './mistakes.service.js';
import { DAY_MS, endOfDay } from './review-schedule.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
const T0 = Date.parse('2026-03-02T04:00:00Z');

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(async () => handle.dispose());

const cardOf = (userId: string, questionId: string) =>
  db.selectFrom('review_cards').selectAll().where('user_id', '=', userId).where('question_id', '=', questionId).executeTakeFirst();

describe('scheduling outcomes', () => {
  it('makes a card for a wrong answer only, and reviews it on a later right answer', async () => {
    const user = await createUser(db);
    const [wrong, right, skipped] = await makeQuestions(db, 3);
    await recordOutcomes({ db }, user.id, [
      { questionId: wrong!, outcome: 'wrong' },
      { questionId: right!, outcome: 'correct' },
      { questionId: skipped!, outcome: 'unattempted' },
    ], T0);
    const card = await cardOf(user.id, wrong!);
    expect(card).toMatchObject({ due: T0 + DAY_MS, reps: 1, lapses: 0, last_review: T0, created_at: T0 });
    expect(await cardOf(user.id, right!)).toBeUndefined();
    expect(await cardOf(user.id, skipped!)).toBeUndefined();

    await recordOutcomes({ db }, user.id, [{ questionId: wrong!, outcome: 'correct' }], T0 + DAY_MS);
    const reviewed = (await cardOf(user.id, wrong!))!;
    expect(reviewed).toMatchObject({ reps: 2, lapses: 0, last_review: T0 + DAY_MS, created_at: T0 });
    expect(reviewed.due).toBeGreaterThan(T0 + 2 * DAY_MS);
  });

  it('counts a question given twice in one call once, by its last answer', async () => {
    const user = await createUser(db);
    const q = await makeQuestion(db);
    await recordOutcomes({ db }, user.id, [{ questionId: q, outcome: 'wrong' }, { questionId: q, outcome: 'correct' }], T0);
    expect(await cardOf(user.id, q)).toBeUndefined();
    await recordOutcomes({ db }, user.id, [{ questionId: q, outcome: 'correct' }, { questionId: q, outcome: 'partial' }], T0);
    expect(await cardOf(user.id, q)).toMatchObject({ reps: 1 });
  });

  it('skips a question that no longer exists, and keeps the others', async () => {
    const user = await createUser(db);
    const q = await makeQuestion(db);
    await recordOutcomes({ db }, user.id, [{ questionId: 'no-such-question', outcome: 'wrong' }, { questionId: q, outcome: 'wrong' }], T0);
    expect(await cardOf(user.id, q)).toBeDefined();
  });

  it('applies answers to one card arriving at the same time one after the other', async () => {
    const user = await createUser(db);
    const q = await makeQuestion(db);
    await recordOutcomes({ db }, user.id, [{ questionId: q, outcome: 'wrong' }], T0);
    const at = T0 + DAY_MS;
    await Promise.all(Array.from({ length: 4 }, () => recordOutcomes({ db }, user.id, [{ questionId: q, outcome: 'wrong' }], at)));
    expect(await cardOf(user.id, q)).toMatchObject({ reps: 5, lapses: 4 });
  });

  it('is what the attempt engine is given, with the candidate\'s bookmarks', async () => {
    const user = await createUser(db);
    const [a, b] = await makeQuestions(db, 2);
    const port = learningPort({ db });
    await port.recordOutcomes(user.id, [{ questionId: a!, outcome: 'wrong' }], T0);
    expect(await cardOf(user.id, a!)).toBeDefined();
    await addBookmark({ db, clock: testClock(T0) }, user.id, b!);
    expect(await port.bookmarkedAmong(user.id, [a!, b!, 'other'])).toEqual(new Set([b]));
    expect(await port.bookmarkedAmong(user.id, [])).toEqual(new Set());
  });
});

describe('the mistakes shelf', () => {
  it('counts cards due today, later and mastered, and serves the due ones first', async () => {
    const user = await createUser(db);
    const [soon, next, master, hidden] = await makeQuestions(db, 4);
    const clock = testClock(T0);
    // Wrong a day apart: "soon" is due first.
    await recordOutcomes({ db }, user.id, [{ questionId: soon!, outcome: 'wrong' }], T0 - 2 * DAY_MS);
    await recordOutcomes({ db }, user.id, [{ questionId: next!, outcome: 'wrong' }, { questionId: hidden!, outcome: 'wrong' }], T0 - DAY_MS + 1);
    // Wrong 200 days ago, then right at every review since: FSRS has given it a long interval.
    await recordOutcomes({ db }, user.id, [{ questionId: master!, outcome: 'wrong' }], T0 - 200 * DAY_MS);
    for (let card = await cardOf(user.id, master!); card!.due <= T0; card = await cardOf(user.id, master!)) {
      await recordOutcomes({ db }, user.id, [{ questionId: master!, outcome: 'correct' }], card!.due);
    }
    const mastered = (await cardOf(user.id, master!))!;
    expect(mastered.scheduled_days).toBeGreaterThanOrEqual(30);
    const masteredUntil = mastered.due;
    expect(masteredUntil).toBeGreaterThan(endOfDay(T0));
    // An unpublished question is not counted or served.
    await bulkQuestions({ db, clock }, BY_SERVER, { ids: [hidden!], action: 'unpublish' });

    expect(await mistakesShelf({ db, clock }, user.id)).toEqual({ due: 2, later: 0, mastered: 1, total: 3, nextDueAt: new Date(masteredUntil).toISOString() });
    expect(await mistakeQuestionIds({ db }, user.id, 10)).toEqual([soon, next, master]);
    expect(await mistakeQuestionIds({ db }, user.id, 1)).toEqual([soon]);
    expect(await mistakeQuestionIds({ db }, user.id, 10, new Set([master!, next!]))).toEqual([next, master]);

    // Answering "soon" right moves it to later; the day after it is due again.
    await recordOutcomes({ db }, user.id, [{ questionId: soon!, outcome: 'correct' }], T0);
    expect(await mistakesShelf({ db, clock }, user.id)).toMatchObject({ due: 1, later: 1, mastered: 1 });
    expect(await mistakeQuestionIds({ db }, user.id, 10)).toEqual([next, soon, master]);
  });

  it('is empty for a candidate without mistakes', async () => {
    const user = await createUser(db);
    expect(await mistakesShelf({ db, clock: testClock(T0) }, user.id)).toEqual({ due: 0, later: 0, mastered: 0, total: 0, nextDueAt: null });
    expect(await mistakeQuestionIds({ db }, user.id, 10)).toEqual([]);
  });
});

describe('bookmarks', () => {
  it('adds and removes idempotently, lists newest first with stems, and hides unpublished questions', async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const clock = testClock(T0);
    const [a, b, c] = await makeQuestions(db, 3, { categoryPath: 'SSC/Quant' });
    await addBookmark({ db, clock }, user.id, a!);
    clock.advance(1000);
    await addBookmark({ db, clock }, user.id, b!);
    await addBookmark({ db, clock }, user.id, b!);
    await addBookmark({ db, clock }, user.id, c!);
    await addBookmark({ db, clock }, other.id, a!);
    const listed = await listBookmarks({ db }, user.id);
    // Newest first; bookmarks made at the same moment in id order.
    expect(listed.map((x) => x.questionId)).toEqual([...[b!, c!].sort(), a]);
    expect(listed[0]).toMatchObject({ categoryPath: 'SSC/Quant', createdAt: new Date(T0 + 1000).toISOString() });
    expect(listed[0]!.stemHtml).toContain('Practice question');

    await removeBookmark({ db, clock }, user.id, c!);
    await removeBookmark({ db, clock }, user.id, c!);
    await bulkQuestions({ db, clock }, BY_SERVER, { ids: [b!], action: 'unpublish' });
    expect((await listBookmarks({ db }, user.id)).map((x) => x.questionId)).toEqual([a]);
    expect((await listBookmarks({ db }, other.id)).map((x) => x.questionId)).toEqual([a]);
  });

  it('refuses an unknown question, and a draft one for a new bookmark', async () => {
    const user = await createUser(db);
    const clock = testClock(T0);
    const draft = await makeQuestion(db, { draft: true });
    await expect(addBookmark({ db, clock }, user.id, 'no-such-question')).rejects.toMatchObject({ statusCode: 404 });
    await expect(addBookmark({ db, clock }, user.id, draft)).rejects.toMatchObject({ statusCode: 404 });
    await expect(removeBookmark({ db, clock }, user.id, 'no-such-question')).rejects.toMatchObject({ statusCode: 404 });
    await removeBookmark({ db, clock }, user.id, draft);
    expect(await listBookmarks({ db }, user.id)).toEqual([]);
  });
});
