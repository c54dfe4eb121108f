/**
 * Gives a published test `--count` more submitted first attempts, each by its own new candidate, as
 * the server leaves them after a submission: the attempt with its layout (option order from its own
 * seed), its question rows, an answer to most questions with its mark and outcome (the server's
 * marking), its score and counts, and the test's per-question figures. They are written in batches
 * through the attempts repository and the server's marking instead of 10,000 HTTP round trips of
 * start, 100 saves and submit: each batch's answers and figures in a few statements (one update of
 * a figure per attempt would leave PostgreSQL, without autovacuum, a million dead rows to step over).
 * Candidates differ in ability, so scores spread as in a real paper.
 *
 * Then times the rank and percentile read (the attempts repository's rankCounts, in this process) at
 * random scores and asks the database for its plan of those counts (EXPLAIN QUERY PLAN / EXPLAIN),
 * unless `--rank-reads 0` (the remark scenario only needs the attempts).
 * Writes { ms, attempts, rankRead: { reads, p50Us, p99Us } | null, plans } as JSON to --out.
 *
 * Usage: node --conditions=source --import tsx bench/seed/ranked-attempts.ts --slug s --count 9999 --out file.json [--rank-reads 2000]
 */
import { writeFile } from 'node:fs/promises';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Executor } from '../../apps/server/src/db/index.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { newId } from '../../apps/server/src/lib/ids.js';
import { addToQuestionStats, insertAttempt, rankCounts, writeMarks, type AnswerRow, markSaved, type NewAttempt, roundMarks, type Outcome, newSeed } from '../../apps/server/src/modules/attempts/attempts.seeding.js';
import { currentQuestionsForDelivery, takeQuestionVersions } from '../../apps/server/src/modules/questions/questions.service.js';
import { testForAttempt } from '../../apps/server/src/modules/papers/papers.service.js';
import { random } from '../lib/exam-client.js';
import { args, attemptLayout, firstAttemptRow, openServerDb, seedCandidates } from './lib.js';

const a = args();
const slug = a.get('slug') ?? '';
const count = Number(a.get('count') ?? '0');
const out = a.get('out');
const rankReads = Number(a.get('rank-reads') ?? '2000');
if (!slug || !out || !Number.isInteger(count) || count < 1 || !Number.isInteger(rankReads) || rankReads < 0) {
  throw new Error('usage: ranked-attempts.ts --slug <test> --count <n> --out <file> [--rank-reads <n>]');
}

const BATCH = 250;
/** Batches written at once. */
const WRITERS = 3;
/** Time spent on each answered question. */
const ANSWER_MS = 30_000;

/** Records the queries run through it, so their SQL can be explained. */
function capturing(into: RootOperationNode[]): KyselyPlugin {
  return {
    transformQuery: (args) => (into.push(args.node), args.node),
    transformResult: async (args) => args.result,
  };
}

const { config, handle } = openServerDb();
const db = handle.db;
try {
  const started = performance.now();
  const deps = { db, clock: systemClock };
  const test = await testForAttempt(deps, slug, newSeed());
  if (!test) throw new Error(`no published test ${slug}`);
  // The versions an attempt starting now is given, recorded as taken as the engine does.
  const questions = await currentQuestionsForDelivery(deps, test.sections.flatMap((s) => s.questionIds));
  await takeQuestionVersions(db, [...questions.values()].map((q) => ({ id: q.id, version: q.version })), systemClock.now());
  const candidates = await seedCandidates(db, { secret: config.auth.jwtSecret, ttlMs: config.auth.tokenTtlMs }, `ranked-${slug}`, count);
  const rnd = random(0x7e57);
  const now = systemClock.now();

  /** One batch's rows, drawn in order (so the same every run) before any of them is written. */
  const build = (batch: typeof candidates) => {
    const attempts: { row: NewAttempt; questionRows: ReturnType<typeof attemptLayout>['rows'] }[] = [];
    const answers: AnswerRow[] = [];
    const stats = new Map<string, { questionId: string; attempts: number; correct: number; correctTimeMs: number }>();
    for (const c of batch) {
      const seed = newSeed();
      const ability = 0.25 + 0.7 * rnd();
      const id = newId();
      const startedAt = now - 3_600_000 - Math.floor(rnd() * 86_400_000);
      const { sections, rows: questionRows } = attemptLayout(test, questions, id, seed);
      const own: AnswerRow[] = [];
      const lines: { questionId: string; marks: number; mark: number; outcome: Outcome }[] = [];
      sections.forEach((section) => {
        for (const sq of section.questions) {
          const q = questions.get(sq.id)!;
          const fractions = q.options.map((o) => o.fraction);
          // Most questions are answered: right with the candidate's ability, otherwise a wrong option.
          const skipped = rnd() < 0.12;
          const right = fractions.flatMap((f, i) => (f > 0 ? [i] : []));
          const wrong = fractions.flatMap((f, i) => (f > 0 ? [] : [i]));
          const choice = skipped ? [] : rnd() < ability || wrong.length === 0 ? right : [wrong[Math.floor(rnd() * wrong.length)]!];
          const markedForReview = rnd() < 0.05;
          const result = markSaved({ type: q.type, marking: q.marking, fractions }, skipped ? null : { choice, markedForReview }, { marks: section.marks, negativeMarks: section.negativeMarks, markedAnsweredCounts: test.markedAnsweredCounts });
          lines.push({ questionId: sq.id, marks: section.marks, ...result });
          const stat = stats.get(sq.id) ?? { questionId: sq.id, attempts: 0, correct: 0, correctTimeMs: 0 };
          stat.attempts++;
          if (result.outcome === 'correct') [stat.correct, stat.correctTimeMs] = [stat.correct + 1, stat.correctTimeMs + ANSWER_MS];
          stats.set(sq.id, stat);
          if (skipped) continue;
          own.push({
            attempt_id: id,
            question_id: sq.id,
            choice: JSON.stringify(choice),
            marked_for_review: markedForReview ? 1 : 0,
            confidence: (['sure', 'fifty', 'guess', null] as const)[Math.floor(rnd() * 4)]!,
            seq: own.length + 1,
            saved_at: startedAt + ANSWER_MS * (own.length + 1),
            time_spent_ms: ANSWER_MS,
            mark: result.mark,
            outcome: result.outcome,
          });
        }
      });
      answers.push(...own);
      const n = (o: Outcome) => lines.filter((l) => l.outcome === o).length;
      const row: NewAttempt = {
        ...firstAttemptRow(test, {
          id,
          userId: c.userId,
          seed,
          sections,
          startedAt,
          endsAt: startedAt + test.durationMinutes * 60_000,
          lastSeq: own.length,
          submittedAt: startedAt + test.durationMinutes * 60_000 - 60_000,
        }),
        // The score and counts as submission writes them.
        score: roundMarks(lines.reduce((s, l) => s + l.mark, 0)),
        max_score: roundMarks(lines.reduce((s, l) => s + l.marks, 0)),
        correct: n('correct'),
        wrong: n('wrong'),
        partial: n('partial'),
        unattempted: n('unattempted'),
        time_spent_ms: ANSWER_MS * own.length,
      };
      attempts.push({ row, questionRows });
    }
    return { attempts, answers, stats: [...stats.values()] };
  };

  // A batch per transaction, a few at once: PostgreSQL's waits overlap (SQLite takes them one at a time).
  const writing = new Set<Promise<void>>();
  for (let from = 0; from < count; from += BATCH) {
    const batch = build(candidates.slice(from, from + BATCH));
    const written: Promise<void> = db
      .transaction()
      .execute(async (trx) => {
        for (const a of batch.attempts) await insertAttempt(trx, a.row, a.questionRows);
        // The batch's answers and per-question figures in a few statements for the whole batch.
        await writeMarks(trx, batch.answers);
        await addToQuestionStats(trx, test.id, batch.stats);
      })
      .finally(() => writing.delete(written));
    writing.add(written);
    if (writing.size >= WRITERS) await Promise.race(writing);
  }
  await Promise.all(writing);
  const ms = performance.now() - started;

  if (rankReads === 0) {
    await writeFile(out, JSON.stringify({ ms, attempts: count, rankRead: null, plans: [] }));
  } else {
    // The rank and percentile read, as results and history run it, at scores across the range.
    const maxScore = test.sections.reduce((s, x) => s + x.marks * x.questionIds.length, 0);
    const times: number[] = [];
    for (let i = 0; i < rankReads; i++) {
      const score = roundMarks(Math.round((rnd() * 1.2 - 0.1) * maxScore * 2) / 2);
      const t0 = performance.now();
      await rankCounts(db, test.id, score);
      times.push((performance.now() - t0) * 1000);
    }
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;

    // The plan of those counts: the SQL rankCounts runs, explained by the database.
    const nodes: RootOperationNode[] = [];
    await rankCounts(db.withPlugin(capturing(nodes)) as Executor, test.id, maxScore / 2);
    const plans: string[] = [];
    for (const node of nodes) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: newId() });
      const explain = handle.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const rows = (await db.executeQuery(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]))).rows as Record<string, unknown>[];
      plans.push(`${compiled.sql} → ${rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join(' | ')}`);
    }
    await writeFile(out, JSON.stringify({ ms, attempts: count, rankRead: { reads: rankReads, p50Us: at(0.5), p99Us: at(0.99) }, plans }));
  }
} finally {
  await handle.close();
}
