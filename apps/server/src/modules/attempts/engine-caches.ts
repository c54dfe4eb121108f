import type { Db } from '../../db/index.js';
import { attemptNotFound } from './attempt-errors.js';
import { attemptLayoutJson, type AttemptState } from './attempts.repo.js';
import { layoutCache, type Layout } from './layout.js';

/**
 * The attempt engine's per-process caches, in one place every file of the engine uses: parsed
 * layouts and the facts a save checks. Both hold what never changes about an attempt, so each
 * process may keep its own copy.
 */

// Parsed layouts of attempts in progress: a 100-question layout takes about 11 KB, so at most some 45 MB.
export const layouts = layoutCache(4_000);

/** The attempt's layout, from memory or read once; 404 when there is no such attempt. */
export const layoutOf = async (db: Db, attemptId: string): Promise<Layout> => {
  const layout = await layouts.get(attemptId, () => attemptLayoutJson(db, attemptId));
  if (!layout) throw attemptNotFound();
  return layout;
};

/**
 * What never changes about an attempt and a save checks: its owner, its behaviour and its clock.
 * Kept for attempts this process has saved to, so a save needs no read of the attempt first: its
 * status and writer, which do change, are checked by the save's own statement.
 */
export type SaveFacts = Pick<AttemptState, 'user_id' | 'behaviour' | 'test_id' | 'started_at' | 'ends_at' | 'grace_ms' | 'locked_sections' | 'extra_minutes_per_hour'>;
const SAVE_FACTS_MAX = 4_000;
export const saveFacts = new Map<string, SaveFacts>();
export const rememberFacts = (attemptId: string, s: AttemptState) => {
  if (saveFacts.size >= SAVE_FACTS_MAX && !saveFacts.has(attemptId)) saveFacts.delete(saveFacts.keys().next().value as string);
  saveFacts.set(attemptId, { user_id: s.user_id, behaviour: s.behaviour, test_id: s.test_id, started_at: s.started_at, ends_at: s.ends_at, grace_ms: s.grace_ms, locked_sections: s.locked_sections, extra_minutes_per_hour: s.extra_minutes_per_hour });
};
