import type { z } from 'zod';
import type { bookmarkListResponseSchema } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { questionSummaries } from '../questions/question-reads.service.js';
import { bookmarkRows, deleteBookmark, insertBookmark } from './practice.repo.js';

/* A candidate's bookmarked questions. */

type Deps = { db: Db; clock: Clock };

/** Bookmarks listed at most: far more than a candidate keeps. */
export const BOOKMARKS_LIST_MAX = 500;

const questionNotFound = () => notFound('Question not found');

/** Bookmarks a published question; bookmarking it again changes nothing. */
export async function addBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question?.published) throw questionNotFound();
  await insertBookmark(deps.db, { user_id: userId, question_id: questionId, created_at: deps.clock.now() });
}

/** Removes a bookmark; removing one that is not there changes nothing. An unknown question is 404. */
export async function removeBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question) throw questionNotFound();
  await deleteBookmark(deps.db, userId, questionId);
}

/** A candidate's bookmarked questions that can be shown (published), newest first, with their stems. */
export async function listBookmarks(deps: { db: Db }, userId: string): Promise<z.infer<typeof bookmarkListResponseSchema>['data']> {
  const rows = await bookmarkRows(deps.db, userId, BOOKMARKS_LIST_MAX);
  const questions = await questionSummaries(deps, rows.map((r) => r.question_id));
  return rows.flatMap((r) => {
    const q = questions.get(r.question_id);
    return q?.published ? [{ questionId: r.question_id, stemHtml: q.stemHtml, categoryPath: q.categoryPath, createdAt: toIso(r.created_at) }] : [];
  });
}

/** Ids of a candidate's bookmarked published questions, newest bookmark first. */
export async function bookmarkedQuestionIds(deps: { db: Db }, userId: string): Promise<string[]> {
  return (await listBookmarks(deps, userId)).map((b) => b.questionId);
}
