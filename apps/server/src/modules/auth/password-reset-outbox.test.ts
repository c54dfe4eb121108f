import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'abhyas-outbox-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('password reset without a mail server', () => {
  it('leaves the mail in DATA_DIR/outbox, where its link resets the password', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    await t.jobs.drain();
    const outbox = join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/reset-password\?token=([\w-]{43})/.exec(eml)?.[1];
    expect(token).toBeDefined();
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password: 'chosen from the outbox' } });
    expect(done.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'chosen from the outbox' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('password reset when the mail server is down', () => {
  it('still answers 202, and the failure stays inside the server', async () => {
    const down = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const user = await createUser(down.db);
      const res = await down.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } });
      expect(res.statusCode).toBe(202);
      await expect(down.jobs.drain()).resolves.toBeUndefined();
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
