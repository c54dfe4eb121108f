import { OPTION_IDS, REPORT_REASONS, type ChallengeQueueItem, type ItemStats, type ReportReason } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { plainExcerpt } from '../../lib/markdown/markdown.js';
import { testItemStats, testsWithRankedAttempts } from '../attempts/attempts.service.js';
import { paperFacts } from '../papers/papers.service.js';
import { currentQuestionsForDelivery, questionsForDelivery, toKeyDecision, type DeliveryQuestion } from '../questions/questions.service.js';
import { queueFlags } from './challenges.repo.js';
import type { ChallengeDeps } from './challenges.service.js';
import type { FlagRow } from './challenges.table.js';

/*
 * The editors' queue (docs/PRODUCT.md §8.10): challenges and reports grouped by question version and
 * test, beside the test's item analysis; a question whose statistics flag a likely wrong key is in
 * the open queue even when nobody challenged it.
 */

const EXCERPT_MAX = 160;
/** Tests whose statistics are looked at for flagged questions nobody challenged: the most recently sat. */
const STATISTICS_TESTS = 10;
const COMMENTS_SHOWN = 20;

type Group = { questionId: string; version: number; testId: string | null; flags: FlagRow[]; statistics: boolean };
type StatQuestion = Extract<ItemStats, { status: 'ok' }>['questions'][number];

const groupKey = (questionId: string, testId: string | null) => `${questionId}:${testId ?? ''}`;
const share = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 10_000) / 10_000);

function statsView(stat: StatQuestion | undefined): ChallengeQueueItem['itemStats'] {
  if (!stat) return null;
  return {
    facility: stat.facilityIndex === null ? null : Math.round(stat.facilityIndex * 100) / 100,
    discrimination: stat.discriminationIndex === null ? null : Math.round(stat.discriminationIndex * 100) / 100,
    likelyWrongKey: stat.flags.likelyMiskey,
    topThird: stat.options.map((o) => share(o.upperGroupCount, stat.upperGroupSize)),
    bottomThird: stat.options.map((o) => share(o.lowerGroupCount, stat.lowerGroupSize)),
  };
}

export async function challengeQueue(deps: ChallengeDeps, query: { status: 'open' | 'resolved'; testId?: string | undefined }): Promise<ChallengeQueueItem[]> {
  const flags = await queueFlags(deps.db, query.status, query.testId);
  const groups = new Map<string, Group>();
  for (const f of flags) {
    const key = `${f.question_version}:${groupKey(f.question_id, f.test_id)}`;
    const group = groups.get(key) ?? { questionId: f.question_id, version: f.question_version, testId: f.test_id, flags: [], statistics: false };
    group.flags.push(f);
    groups.set(key, group);
  }

  // The item analysis of the tests in view; in the open queue, of the tests most recently sat too.
  const testIds = new Set(flags.flatMap((f) => (f.test_id ? [f.test_id] : [])));
  if (query.testId) testIds.add(query.testId);
  else if (query.status === 'open') for (const id of await testsWithRankedAttempts(deps, 20, STATISTICS_TESTS)) testIds.add(id);
  const stats = new Map<string, StatQuestion>();
  for (const testId of testIds) {
    const result = await testItemStats(deps, testId);
    if (result.status !== 'ok') continue;
    for (const q of result.questions) stats.set(groupKey(q.questionId, testId), q);
  }
  if (query.status === 'open') {
    const flagged = [...stats.entries()].filter(([key, q]) => q.flags.likelyMiskey && ![...groups.values()].some((g) => groupKey(g.questionId, g.testId) === key));
    const current = await currentQuestionsForDelivery(deps, flagged.map(([, q]) => q.questionId));
    for (const [key, q] of flagged) {
      const version = current.get(q.questionId)?.version;
      if (version === undefined) continue;
      groups.set(`${version}:${key}`, { questionId: q.questionId, version, testId: key.slice(q.questionId.length + 1), flags: [], statistics: true });
    }
  }

  const papers = await paperFacts(deps, [...new Set([...groups.values()].flatMap((g) => (g.testId ? [g.testId] : [])))]);
  const items: ChallengeQueueItem[] = [];
  for (const g of groups.values()) {
    const question: DeliveryQuestion | undefined = (await questionsForDelivery(deps, [{ id: g.questionId, version: g.version }], { testId: g.testId })).get(g.questionId);
    if (!question) continue;
    const stat = stats.get(groupKey(g.questionId, g.testId));
    const counts = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
    for (const f of g.flags) counts[f.reason] += 1;
    const decision = question.decision;
    items.push({
      questionId: g.questionId,
      version: g.version,
      excerpt: plainExcerpt(question.stem, EXCERPT_MAX),
      stemHtml: question.stemHtml,
      test: g.testId && papers.has(g.testId) ? { id: g.testId, title: papers.get(g.testId)!.title } : null,
      options: question.options.map((o, i) => ({ id: OPTION_IDS[i]!, html: o.html, correct: o.fraction > 0 || question.credit !== null })),
      counts,
      total: g.flags.length,
      comments: g.flags
        .filter((f) => f.comment)
        .slice(-COMMENTS_SHOWN)
        .map((f) => ({ kind: f.kind, reason: f.reason, comment: f.comment!, createdAt: toIso(Number(f.created_at)) })),
      itemStats: statsView(stat),
      flaggedByStatistics: stat?.flags.likelyMiskey ?? false,
      decision: decision
        ? toKeyDecision({ id: decision.id, question_id: g.questionId, version: g.version, test_id: decision.testId, action: decision.action, fractions: decision.fractions, note: decision.note, decided_by: null, decided_at: decision.decidedAt })
        : null,
      firstAt: g.flags.length > 0 ? toIso(Number(g.flags[0]!.created_at)) : null,
      lastAt: g.flags.length > 0 ? toIso(Number(g.flags.at(-1)!.created_at)) : null,
    });
  }
  // The most challenged first; those the statistics alone flag after them.
  return items.sort((a, b) => b.total - a.total || (a.firstAt ?? '').localeCompare(b.firstAt ?? ''));
}
