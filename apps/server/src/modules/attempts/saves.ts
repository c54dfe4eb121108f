import type { SavedAnswer, answerSaveSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import { attemptClosed, attemptNotFound, notInAttempt, takenOver } from './attempt-errors.js';
import { chosenPositions, tell, timingOf, type Core } from './attempt-core.js';
import { toSavedAnswer } from './attempts.dto.js';
import { answerRow, attemptState, upsertAnswer } from './attempts.repo.js';
import { saveVerdict } from './deadlines.js';
import { layoutOf, rememberFacts, saveFacts, type SaveFacts } from './engine-caches.js';
import { cappedTimeSpent, checkLateSaveOrder, claimedAt, saveRefused } from './save-rules.js';
import { canWrite } from './writer.js';

/** Saving one answer to a timed attempt: the lean path for attempts this process knows, and the full one. */

type AnswerInput = z.output<typeof answerSaveSchema>;

/**
 * A save to an attempt whose facts are known, written in one statement that also requires the
 * attempt open and this device its writer. Null whenever anything is not plainly right (another
 * owner, an unknown question or option, past a deadline, closed, another writer, a stale seq): the
 * full path then answers, checking in its usual order.
 */
async function saveKnown(deps: Core, p: SaveInput, facts: SaveFacts): Promise<(SavedAnswer & { applied: boolean }) | null> {
  if (facts.user_id !== p.userId || facts.behaviour !== 'timed') return null;
  const layout = await layoutOf(deps.db, p.attemptId);
  const question = layout.byId.get(p.questionId);
  if (!question) return null;
  let positions: number[];
  try {
    positions = chosenPositions(question, p.input.optionIds);
  } catch {
    return null;
  }
  const [now, timing] = [deps.clock.now(), timingOf(facts, layout)];
  const verdict = saveVerdict(timing, question.sectionIndex, now, claimedAt(p.input));
  if (!verdict.ok || verdict.late) return null;
  const spent = cappedTimeSpent(p.input, timing, Number(facts.started_at), question.sectionIndex, now);
  const written = await upsertAnswer(deps.db, answerWrite(p, positions, now, spent), { deviceId: p.deviceId });
  if (!written) return null;
  tell(deps, facts.test_id, p, 'saved');
  return { ...toSavedAnswer(written, question.order), applied: true };
}

type SaveInput = { attemptId: string; userId: string; deviceId: string | null; questionId: string; input: AnswerInput };

const answerWrite = (p: SaveInput, positions: number[], now: number, timeSpentMs: number) => ({
  attemptId: p.attemptId,
  questionId: p.questionId,
  choice: JSON.stringify(positions),
  markedForReview: p.input.markedForReview ? 1 : 0,
  confidence: p.input.confidence ?? null,
  seq: p.input.seq,
  savedAt: now,
  timeSpentMs,
});

/**
 * Saves one answer. The lean path: the attempt's row by primary key, then one upsert guarded by the
 * sequence number (the layout comes from memory); once this process has saved to the attempt, just
 * the upsert, which then checks the status and the writer itself. A save whose sequence number is
 * not above the stored one changes nothing and answers the stored state (applied: false).
 */
export async function saveAnswer(deps: Core, p: SaveInput): Promise<SavedAnswer & { applied: boolean }> {
  const facts = saveFacts.get(p.attemptId);
  const known = facts ? await saveKnown(deps, p, facts) : null;
  if (known) return known;
  const state = await attemptState(deps.db, p.attemptId);
  if (!state || state.user_id !== p.userId || state.behaviour !== 'timed') throw attemptNotFound();
  if (state.status !== 'open') throw attemptClosed();
  if (!canWrite(state.device_id, p.deviceId)) throw takenOver();
  rememberFacts(p.attemptId, state);
  const layout = await layoutOf(deps.db, p.attemptId);
  const question = layout.byId.get(p.questionId);
  if (!question) throw notInAttempt();
  const positions = chosenPositions(question, p.input.optionIds);

  const [now, timing] = [deps.clock.now(), timingOf(state, layout)];
  const verdict = saveVerdict(timing, question.sectionIndex, now, claimedAt(p.input));
  if (!verdict.ok) throw saveRefused(verdict);
  if (verdict.late) await checkLateSaveOrder(deps.db, { attemptId: p.attemptId, seq: p.input.seq }, layout, timing, question.sectionIndex);

  const spent = cappedTimeSpent(p.input, timing, Number(state.started_at), question.sectionIndex, now);
  const written = await upsertAnswer(deps.db, answerWrite(p, positions, now, spent));
  if (written) {
    tell(deps, state.test_id, p, 'saved');
    return { ...toSavedAnswer(written, question.order), applied: true };
  }
  const stored = await answerRow(deps.db, p.attemptId, p.questionId);
  if (stored && Number(stored.seq) >= p.input.seq) return { ...toSavedAnswer(stored, question.order), applied: false };
  // The attempt was submitted between the read and the write.
  throw attemptClosed();
}
