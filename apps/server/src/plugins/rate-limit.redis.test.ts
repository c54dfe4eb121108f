import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDb, testConfig } from '../../test/helpers.js';
import { browserRecord, storedViews, track } from '../../test/tracking.js';
import { recorderFromConfig } from '../modules/tracking/page-view-recorder.js';

const url = process.env.REDIS_URL_TEST;

describe.skipIf(!url)('rate limits shared through Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** Two server processes on one database, each with its own Redis connection and page-view recorder. */
  async function twoProcesses(env: Record<string, string>) {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const config = testConfig(env);
    const processes = [];
    for (let i = 0; i < 2; i += 1) {
      const redis = new Redis(url!, { maxRetriesPerRequest: 1 });
      const pageViews = recorderFromConfig(config.tracking, dbHandle.db);
      const app = await buildApp(config, { dbHandle, redis, pageViews });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        redis.disconnect();
      });
      processes.push({ app, pageViews });
    }
    return { db: dbHandle.db, processes };
  }

  const randomIp = (prefix: string) => `${prefix}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it('counts one address across two server processes against one budget', async () => {
    const { processes } = await twoProcesses({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const ip = randomIp('10.77');
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await processes[i % 2]!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever1' }, remoteAddress: ip });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('counts the page views of one address across two server processes against one tracking budget', async () => {
    const { db, processes } = await twoProcesses({ TRACKING_RATE_LIMIT_PER_MINUTE: '3' });
    const ip = randomIp('198.18');
    for (let i = 0; i < 6; i += 1) {
      const res = await track(processes[i % 2]!.app, browserRecord({ path: `/shared-${i}` }), { remoteAddress: ip });
      expect(res.statusCode).toBe(204);
    }
    for (const p of processes) await p.pageViews.flush();
    expect((await storedViews(db)).map((r) => r.path)).toEqual(['/shared-0', '/shared-1', '/shared-2']);
  });
});
