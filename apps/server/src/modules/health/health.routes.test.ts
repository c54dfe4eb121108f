import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.js';

describe('GET /api/health', () => {
  it('reports the database as ok', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', version: '1.23', database: { dialect: process.env.TEST_DIALECT, status: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database is unreachable', async () => {
    const t = await buildTestApp();
    try {
      await t.dbHandle.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable' });
    } finally {
      await t.close();
    }
  });
});
