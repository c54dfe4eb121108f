import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

// Behind the contracts: text a route lets through that PostgreSQL then refuses is still the
// request's fault, answered 400 and never a 500. SQLite keeps such text, so it answers 200 there.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraApiRoutes: (api) => {
      api.get('/test/nul-text', async () => {
        await sql`select ${'a\u0000b'} as v`.execute(t.db);
        return { ok: true };
      });
      api.get('/test/nul-json', async () => {
        const cast = t.dbHandle.dialect === 'postgres' ? sql`cast(${'"a\\u0000b"'} as jsonb)` : sql`${'"a\\u0000b"'}`;
        await sql`select ${cast} as v`.execute(t.db);
        return { ok: true };
      });
    },
  });
});
afterAll(async () => t.close());

describe('text the database refuses', () => {
  it.each(['/api/test/nul-text', '/api/test/nul-json'])('is a 400 on PostgreSQL and stored on SQLite: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (t.dbHandle.dialect === 'postgres') {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The request holds text that cannot be stored (such as the NUL character)' });
    } else {
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
