import { LANGUAGE_NAMES, type AttemptView, type QuestionLanguage, type attemptViewInputSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import { validationFailed } from '../../lib/errors.js';
import { attemptClosed, takenOver } from './attempt-errors.js';
import { ownTimedAttempt, paperOf, type AttemptDeps } from './attempt-core.js';
import { writeView } from './attempt-view.repo.js';
import { layoutOf } from './engine-caches.js';
import { canWrite } from './writer.js';

/*
 * The languages a candidate reads an attempt in (docs/PRODUCT.md §8.7): a default for every question,
 * chosen on the instructions page, and a question switched on its own with "View In". Kept on the
 * attempt so another device continues in them; the answer never depends on them (the options keep
 * their letters in either language).
 */

const offeredIn = (languages: readonly QuestionLanguage[]) => `This test is offered in ${languages.map((l) => LANGUAGE_NAMES[l]).join(' and ')} only`;

/** The view an attempt starts with: the language asked for when the paper offers it, else the paper's first. */
export function initialView(languages: readonly QuestionLanguage[], asked: QuestionLanguage | undefined): string {
  const language = asked && languages.includes(asked) ? asked : (languages[0] ?? 'en');
  return JSON.stringify({ language, questions: {} } satisfies AttemptView);
}

/** An attempt's view as stored, or, for one begun before views were kept, the paper's first language for every question. */
export function viewOf(json: string | null, languages: readonly QuestionLanguage[] | undefined): AttemptView {
  if (json !== null) return JSON.parse(json) as AttemptView;
  return { language: languages?.[0] ?? 'en', questions: {} };
}

/**
 * PUT /api/attempts/:id/view: replaces the candidate's view of an open attempt, from the device that
 * writes its answers. Every language must be one the paper is offered in, and every question one of
 * the attempt's.
 */
export async function setAttemptView(
  deps: AttemptDeps,
  p: { attemptId: string; userId: string; deviceId: string | null; input: z.output<typeof attemptViewInputSchema> },
): Promise<AttemptView> {
  const row = await ownTimedAttempt(deps, p.attemptId, p.userId);
  if (row.status !== 'open') throw attemptClosed('This attempt has been submitted: its view no longer changes');
  if (!canWrite(row.device_id, p.deviceId)) throw takenOver();
  const [layout, paper] = await Promise.all([layoutOf(deps.db, p.attemptId), paperOf(deps, row.test_id)]);
  const languages = paper?.languages ?? ['en', 'hi'];
  const details = [];
  if (!languages.includes(p.input.language)) details.push({ field: 'language', message: offeredIn(languages) });
  for (const [questionId, language] of Object.entries(p.input.questions)) {
    if (!layout.byId.has(questionId)) details.push({ field: `questions.${questionId}`, message: 'This question is not part of the attempt' });
    else if (!languages.includes(language)) details.push({ field: `questions.${questionId}`, message: offeredIn(languages) });
  }
  if (details.length > 0) throw validationFailed(details.slice(0, 20));
  const view: AttemptView = { language: p.input.language, questions: p.input.questions };
  if (!(await writeView(deps.db, p.attemptId, JSON.stringify(view), p.deviceId))) {
    const now = await ownTimedAttempt(deps, p.attemptId, p.userId);
    throw now.status !== 'open' ? attemptClosed('This attempt has been submitted: its view no longer changes') : takenOver();
  }
  return view;
}
