import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDb, testConfig } from '../../test/helpers.js';

const url = process.env.REDIS_URL_TEST;

describe.skipIf(!url)('rate limits shared through Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('counts one address across two server processes against one budget', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
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
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await apps[i % 2]!.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever1' }, remoteAddress: ip });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
