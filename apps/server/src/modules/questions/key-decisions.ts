import { OPTION_IDS, type KeyDecision, type KeyDecisionAction } from '@abhyas/contracts';
import type { Executor } from '../../db/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { insertDecision, type DecisionRow } from './key-decisions.repo.js';
import { parseVersionOptions, versionDeliveryRows } from './question-versions.repo.js';
import { questionLabel } from './questions.dto.js';
import { fractionsFor } from './question-text.js';

/*
 * Key decisions (docs/PRODUCT.md §8.10): what editors decide on the key of one version of a question,
 * for one test or every test that used it. The decision is kept beside the version, never written
 * into it: the version stays what candidates were shown, and the decision in force is applied where
 * marking, reviews and item analysis read the question (questionsForDelivery with a scope).
 */

export function toKeyDecision(row: DecisionRow): KeyDecision {
  const fractions = row.fractions ? (JSON.parse(row.fractions) as number[]) : null;
  return {
    id: row.id,
    questionId: row.question_id,
    version: row.version,
    testId: row.test_id,
    action: row.action,
    correctOptionIds: fractions ? fractions.flatMap((f, i) => (f > 0 ? [OPTION_IDS[i]!] : [])) : null,
    note: row.note,
    decidedAt: toIso(Number(row.decided_at)),
  };
}

const letters = (fractions: readonly number[]) => fractions.flatMap((f, i) => (f > 0 ? [OPTION_IDS[i]!] : []));

/**
 * Records a decision on the key of a question's version, with its record in the audit trail, inside
 * the caller's transaction. `correct` are bank positions (change, accept). A change of a single-answer
 * question names one option; accept is for single-answer and true/false questions and names two or
 * more; a multiple-answer question's change names the whole new key.
 */
export async function recordKeyDecision(
  trx: Executor,
  clock: Clock,
  actor: AuditActor,
  p: { questionId: string; version: number; testId: string | null; action: KeyDecisionAction; correct: number[] | null; note: string },
): Promise<KeyDecision> {
  const [version] = await versionDeliveryRows(trx, [{ id: p.questionId, version: p.version }]);
  if (!version) throw notFound('Question version not found');
  const options = parseVersionOptions(version.options);
  let fractions: number[] | null = null;
  if (p.correct) {
    if (p.correct.some((i) => i >= options.length)) throw validationFailed([{ field: 'correctOptionIds', message: `This question has options A to ${OPTION_IDS[options.length - 1]}` }]);
    const chosen = options.map((_, i) => p.correct!.includes(i));
    if (p.action === 'accept' && version.type === 'multiple') throw validationFailed([{ field: 'action', message: 'A multiple-answer question has its key changed, not options accepted' }]);
    if (p.action === 'change' && version.type !== 'multiple' && p.correct.length !== 1) throw validationFailed([{ field: 'correctOptionIds', message: 'A single-answer question has one right option: to accept more, choose accept' }]);
    fractions = p.action === 'accept' ? chosen.map((c) => (c ? 1 : 0)) : fractionsFor(version.type, chosen);
  }
  const row: DecisionRow = {
    id: newId(),
    question_id: p.questionId,
    version: p.version,
    test_id: p.testId,
    action: p.action,
    fractions: fractions ? JSON.stringify(fractions) : null,
    note: p.note,
    decided_by: actor?.id ?? null,
    decided_at: clock.now(),
  };
  await insertDecision(trx, row);
  await recordAudit(trx, clock, actor, {
    kind: 'question.key_decided',
    object: { type: 'question', id: p.questionId, label: questionLabel(version.stem) },
    before: { version: p.version, correct: letters(options.map((o) => o.fraction)) },
    after: { version: p.version, test: p.testId, action: p.action, correct: fractions ? letters(fractions) : null, note: p.note },
  });
  return toKeyDecision(row);
}
