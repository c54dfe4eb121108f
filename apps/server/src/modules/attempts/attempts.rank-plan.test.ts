import { CompiledQuery, PostgresAdapter, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { createUser } from '../../../test/factories.js';
import { createTestDb } from '../../../test/helpers.js';
import type { Executor } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { rankCounts } from './attempts.repo.js';

/**
 * Rank and percentile are read on every result and history page: two counts over a range of
 * attempts_rank_idx (test, ranked, score), never a scan of the test's attempts. This asserts the
 * database's own plan for the very statements rankCounts runs, on a table of some thousands of
 * submitted attempts spread over several tests, so the planner has a real choice.
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

  it('counts from a range of attempts_rank_idx, not a scan', async () => {
    const db = handle.db;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // The statements rankCounts runs, captured as it runs them.
    const nodes: RootOperationNode[] = [];
    const capture: KyselyPlugin = { transformQuery: (args) => (nodes.push(args.node), args.node), transformResult: async (args) => args.result };
    const counts = await rankCounts(db.withPlugin(capture) as Executor, testId, 30);
    expect(counts.above + counts.atOrBelow).toBe(400);
    expect(nodes).toHaveLength(2);
    for (const node of nodes) {
      const query = db.getExecutor().compileQuery(node, { queryId: newId() });
      const rows = (await db.executeQuery(CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${query.sql}`, [...query.parameters]))).rows as Record<string, unknown>[];
      const plan = rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
      expect(plan).toContain('attempts_rank_idx');
      expect(plan).not.toMatch(postgres ? /Seq Scan/ : /SCAN attempts(?! USING)/);
      if (!postgres) expect(plan).toMatch(/SEARCH attempts USING COVERING INDEX attempts_rank_idx \(test_id=\? AND ranked=\? AND score[<>]=?\?\)/);
    }
  });
});
