import type { PracticeChoices } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import { publishedQuestionIds } from '../questions/question-reads.service.js';

/**
 * The root category of questions written for contest papers (docs/PRODUCT.md §8.8). Practice never
 * offers it and a bank session never draws from it, so nobody meets a contest's questions before
 * the contest, even by asking for the category by name.
 */
export const CONTEST_ONLY_CATEGORY = 'Contests';

const isContestOnly = (path: string) => path === CONTEST_ONLY_CATEGORY || path.startsWith(`${CONTEST_ONLY_CATEGORY}/`);

/** The practice choices without the contest-only category and its questions. */
export function withoutContestOnlyChoices(choices: PracticeChoices): PracticeChoices {
  const contestOnly = choices.categories.find((c) => c.path === CONTEST_ONLY_CATEGORY)?.count ?? 0;
  return { ...choices, categories: choices.categories.filter((c) => !isContestOnly(c.path)), total: choices.total - contestOnly };
}

/** Questions a bank session may draw: those under the contest-only category are left out. */
export async function withoutContestOnly<T extends { id: string }>(deps: { db: Db }, refs: T[]): Promise<T[]> {
  const reserved = new Set(await publishedQuestionIds(deps, { category: CONTEST_ONLY_CATEGORY }));
  return reserved.size === 0 ? refs : refs.filter((r) => !reserved.has(r.id));
}
