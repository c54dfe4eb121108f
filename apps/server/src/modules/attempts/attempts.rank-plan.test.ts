import { CompiledQuery, PostgresAdapter, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { createUser } from '../../../test/factories.js';
import { createTestDb } from '../../../test/helpers.js';
import type { Executor } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { rankCounts, rankedScoreCounts } from './rank.repo.js';

/**
 * Rank and percentile are read from a range of attempts_rank_idx (test, ranked, score), never a scan
 * of the test's attempts: the score distribution each process keeps, and the two counts a result
 * read just after its submission runs. This asserts the database's own plan for the very statements
 * rankedScoreCounts and rankCounts run, on a table of some thousands of submitted attempts spread
 * over several tests, so the planner has a real choice.
 */
describe('rank and percentile counts', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let testId = '';
  beforeAll(async () => {
    handle = await createTestDb();
    const db = handle.db;
    const user = await createUser(db);
    const question = await makeQuestion(db);
    const tests: { id: string }[] = [];
    for (let i = 0; i < 8; i++) tests.push(await makeTest(db, { sections: [{ questionIds: [question.id] }] }));
    testId = tests[0]!.id;
    const now = Date.now();
    const rows = Array.from({ length: 4_000 }, (_, i) => ({
      id: newId(),
      user_id: user.id,
      behaviour: 'timed' as const,
      test_id: tests[i % tests.length]!.id,
      source: 'test' as const,
      ranked: i % 5 === 0 ? 0 : 1,
      status: 'submitted' as const,
      seed: 'seed',
      started_at: now,
      ends_at: now + 3_600_000,
      submitted_at: now + 3_000_000,
      score: (i * 7919) % 201 / 2 - 20,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('attempts').values(rows.slice(i, i + 200)).execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`vacuum analyze attempts`.execute(db);
    else await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(async () => handle.dispose());

  /** The plans of the statements `read` runs, captured as it runs them. */
  async function plansOf(read: (db: Executor) => Promise<unknown>): Promise<string[]> {
    const db = handle.db;
    const nodes: RootOperationNode[] = [];
    const capture: KyselyPlugin = { transformQuery: (args) => (nodes.push(args.node), args.node), transformResult: async (args) => args.result };
    await read(db.withPlugin(capture) as Executor);
    const plans: string[] = [];
    for (const node of nodes) {
      const query = db.getExecutor().compileQuery(node, { queryId: newId() });
      const rows = (await db.executeQuery(CompiledQuery.raw(`${postgres() ? 'explain' : 'explain query plan'} ${query.sql}`, [...query.parameters]))).rows as Record<string, unknown>[];
      plans.push(rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n'));
    }
    return plans;
  }
  const postgres = () => handle.db.getExecutor().adapter instanceof PostgresAdapter;

  it('counts from a range of attempts_rank_idx, not a scan', async () => {
    let counts = { above: 0, atOrBelow: 0 };
    const plans = await plansOf(async (db) => (counts = await rankCounts(db, testId, 30)));
    expect(counts.above + counts.atOrBelow).toBe(400);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toContain('attempts_rank_idx');
      expect(plan).not.toMatch(postgres() ? /Seq Scan/ : /SCAN attempts(?! USING)/);
      if (!postgres()) expect(plan).toMatch(/SEARCH attempts USING COVERING INDEX attempts_rank_idx \(test_id=\? AND ranked=\? AND score[<>]=?\?\)/);
    }
  });

  it('reads the score distribution from a range of attempts_rank_idx in its order, not a scan or a sort', async () => {
    let distribution: { score: number; n: number }[] = [];
    const plans = await plansOf(async (db) => (distribution = await rankedScoreCounts(db, testId)));
    expect(distribution.reduce((sum, d) => sum + d.n, 0)).toBe(400);
    expect(distribution.map((d) => d.score)).toEqual([...distribution.map((d) => d.score)].sort((a, b) => a - b));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('attempts_rank_idx');
    expect(plans[0]).not.toMatch(postgres() ? /Seq Scan/ : /SCAN attempts(?! USING)|TEMP B-TREE/);
    if (!postgres()) expect(plans[0]).toMatch(/SEARCH attempts USING COVERING INDEX attempts_rank_idx \(test_id=\? AND ranked=\?( AND score>\?)?\)/);
  });
});
