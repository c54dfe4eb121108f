import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { createTestDb, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

const url = process.env.REDIS_URL_TEST;

describe.skipIf(!url)('the answer-save ceiling shared through Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('counts one attempt’s saves across two server processes against one budget', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const config = testConfig({ EXAM_SAVES_PER_MINUTE: '5' });
    const apps = [];
    for (let i = 0; i < 2; i += 1) {
      const redis = new Redis(url!, { maxRetriesPerRequest: 1 });
      const app = await buildApp(config, { dbHandle, redis });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        redis.disconnect();
      });
      apps.push(app);
    }
    const question = await makeQuestion(dbHandle.db);
    const test = await makeTest(dbHandle.db, { sections: [{ questionIds: [question.id] }] });
    const { auth } = await signedInUser(apps[0]!, dbHandle.db);
    const headers = { ...auth, 'x-device-id': 'desk' };
    const attempt = (await apps[0]!.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers })).json().data;
    const codes: number[] = [];
    for (let seq = 1; seq <= 6; seq += 1) {
      const res = await apps[seq % 2]!.inject({ method: 'PUT', url: `/api/attempts/${attempt.id}/answers/${question.id}`, headers, payload: { optionIds: ['A'], markedForReview: false, seq } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const stored = await dbHandle.db.selectFrom('attempt_answers').select('seq').where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(stored.seq).toBe(5);
  });
});
