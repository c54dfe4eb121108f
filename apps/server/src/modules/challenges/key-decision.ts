import { OPTION_IDS, type FlagResolution, type KeyDecision, type KeyDecisionAction, type keyDecisionInputSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import { toIso } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudits, type AuditActor } from '../audit/audit.service.js';
import { remarkQuestion, withheldQuestions, type MarkingDeps, type PaperDeps, type ScoreChange } from '../attempts/attempts.service.js';
import { tell, type NewNotice, type NoticeDeps } from '../notices/notices.service.js';
import { paperFacts } from '../papers/papers.service.js';
import { questionVersionHistory, recordKeyDecision } from '../questions/questions.service.js';
import { openFlagsFor, openReportsOf, resolveFlags } from './challenges.repo.js';
import { toMyFlags, type ChallengeDeps } from './challenges.service.js';
import type { FlagRow } from './challenges.table.js';

/*
 * An editor's decision on a key (docs/PRODUCT.md §8.10): kept with the question's version, then every
 * submitted attempt it covers is re-marked, the challenges and reports it answers are closed with the
 * editor's note as the reply, and everyone affected is told, in the app and by mail.
 */

/** The engine's re-marking, and its paper port for the key rule. */
export type DecisionDeps = ChallengeDeps & { exam: MarkingDeps & PaperDeps; notices: NoticeDeps };

const RESOLUTION: Record<KeyDecisionAction, FlagResolution> = { keep: 'kept', change: 'changed', accept: 'accepted', drop: 'dropped', bonus: 'bonus' };

const resultLink = (attemptId: string) => `/attempts/${attemptId}/review`;

/** The notices of a decision: a score change to each candidate whose score moved, an answer to each challenger and reporter otherwise. */
async function noticesOf(deps: DecisionDeps, changes: ScoreChange[], flags: FlagRow[], resolution: FlagResolution, note: string): Promise<NewNotice[]> {
  const testIds = [...new Set([...changes.flatMap((c) => (c.testId ? [c.testId] : [])), ...flags.flatMap((f) => (f.test_id ? [f.test_id] : []))])];
  const titles = await paperFacts(deps, testIds);
  const title = (testId: string | null) => (testId ? (titles.get(testId)?.title ?? '') : '');
  const told = new Set<string>();
  const out: NewNotice[] = [];
  for (const c of changes) {
    // Practice sessions are re-marked too, but only a test's score is a result to be told of.
    if (c.behaviour !== 'timed' || !c.testId) continue;
    told.add(c.attemptId);
    out.push({ userId: c.userId, kind: 'score_changed', params: { test: title(c.testId), question: c.number, from: c.from, to: c.to, note }, link: resultLink(c.attemptId) });
  }
  const views = await toMyFlags(deps, flags);
  for (const [i, f] of flags.entries()) {
    if (f.attempt_id && told.has(f.attempt_id)) continue;
    if (f.kind === 'challenge') {
      out.push({ userId: f.user_id, kind: 'challenge_answered', params: { test: title(f.test_id), question: f.question_number, resolution, reply: note }, link: f.attempt_id ? resultLink(f.attempt_id) : null });
    } else {
      out.push({ userId: f.user_id, kind: 'report_answered', params: { excerpt: views[i]!.excerpt, resolution, reply: note }, link: f.attempt_id ? resultLink(f.attempt_id) : null });
    }
  }
  return out;
}

/**
 * Decides the key of a question's version (the current one unless named) for one test or every one
 * that used it, re-marks the attempts it covers and tells those affected. 404 for an unknown question,
 * version or test.
 */
export async function decideKey(deps: DecisionDeps, actor: AuditActor, questionId: string, input: z.output<typeof keyDecisionInputSchema>): Promise<{ decision: KeyDecision; remarked: number; changed: number }> {
  const history = await questionVersionHistory(deps, questionId);
  const version = input.version ?? history[0]!.version;
  const testId = input.testId ?? null;
  if (testId && !(await paperFacts(deps, [testId])).has(testId)) throw notFound('Test not found');
  // While the key is sealed (a contest running the question, a reveal date ahead), a decision would
  // re-mark early finishers and tell them which question's key changed: it waits for the release.
  const sealed = (await withheldQuestions(deps.exam, { userId: null, questionIds: [questionId], now: deps.clock.now() })).get(questionId);
  if (sealed !== undefined) throw conflict(`The key of this question is still sealed${sealed === null ? '' : ` until ${toIso(sealed)}`}: decide once it is released`);
  const correct = input.correctOptionIds ? input.correctOptionIds.map((id) => OPTION_IDS.indexOf(id)) : null;
  const decision = await deps.db.transaction().execute((trx) => recordKeyDecision(trx, deps.clock, actor, { questionId, version, testId, action: input.action, correct, note: input.note }));

  const { remarked, changes } = await remarkQuestion(deps.exam, { questionId, version, testId });

  const flags = await openFlagsFor(deps.db, { questionId, version, testId });
  const resolution = RESOLUTION[input.action];
  await resolveFlags(
    deps.db,
    flags.map((f) => f.id),
    { resolution, reply: input.note, resolved_by: actor?.id ?? null, resolved_at: deps.clock.now() },
  );
  await tell(deps.notices, await noticesOf(deps, changes, flags, resolution, input.note));
  return { decision, remarked, changed: changes.length };
}

/**
 * Closes a question's open reports without a key decision: the question was corrected by an edit, or
 * nothing was wrong. Each reporter is told, with the reply. Answers how many were closed.
 */
export async function resolveReports(deps: DecisionDeps, actor: AuditActor, p: { questionId: string; resolution: 'fixed' | 'dismissed'; reply: string }): Promise<number> {
  const reports = await openReportsOf(deps.db, p.questionId);
  if (reports.length === 0) return 0;
  const now = deps.clock.now();
  const views = await toMyFlags(deps, reports);
  await deps.db.transaction().execute(async (trx) => {
    await resolveFlags(
      trx,
      reports.map((r) => r.id),
      { resolution: p.resolution, reply: p.reply, resolved_by: actor?.id ?? null, resolved_at: now },
    );
    await recordAudits(trx, deps.clock, actor, [
      { kind: 'flags.resolved', object: { type: 'question', id: p.questionId, label: views[0]!.excerpt }, before: { open: reports.length }, after: { resolution: p.resolution, reply: p.reply } },
    ]);
  });
  await tell(
    deps.notices,
    reports.map((r, i) => ({ userId: r.user_id, kind: 'report_answered', params: { excerpt: views[i]!.excerpt, resolution: p.resolution, reply: p.reply }, link: null })),
  );
  return reports.length;
}
