import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApi } from '../../test/admin-api.js';
import { signedInUser } from '../../test/factories.js';

const api = useAdminApi();
const { call } = api;
let candidate: Record<string, string>;
beforeAll(async () => {
  candidate = (await signedInUser(api.t.app, api.t.db, { role: 'candidate' })).auth;
});

describe('who may edit', () => {
  it.each([
    ['GET', '/blogs'],
    ['POST', '/blogs'],
    ['PATCH', '/blogs/x'],
    ['DELETE', '/topics/x'],
    ['POST', '/preview'],
  ] as const)('%s %s: 401 signed out, 403 for a candidate', async (method, url) => {
    expect((await call(method, url, {}, {})).statusCode).toBe(401);
    const res = await call(method, url, {}, candidate);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('lets an admin in as well', async () => {
    const admin = (await signedInUser(api.t.app, api.t.db, { role: 'admin' })).auth;
    expect((await call('GET', '/topics', undefined, admin)).statusCode).toBe(200);
  });
});
