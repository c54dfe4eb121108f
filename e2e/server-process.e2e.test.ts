import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer } from './global-setup.js';

describe('the server process', () => {
  it('prints its address, then on SIGTERM finishes in-flight work and exits 0 within 10 s', async () => {
    const server = await startServer();
    try {
      expect(readFileSync(server.log, 'utf8')).toMatch(/Abhyas 1\.23 is running at http:\/\/localhost:\d+/);
      const inflight = fetch(`${server.baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Late', email: 'late@example.com', password: 'long enough' }),
      });
      await new Promise((r) => setTimeout(r, 5));
      const started = Date.now();
      const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
      server.child.kill('SIGTERM');
      const res = await inflight;
      expect(res.status).toBe(201);
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(fetch(`${server.baseURL}/api/health`)).rejects.toThrow();
    } finally {
      server.child.kill('SIGKILL');
      rmSync(server.dir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without a JWT secret, saying why', async () => {
    const error = await startServer({ APP_ENV: 'production' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/exited during start-up \(code 1\)/);
    const log = /see (\S+)$/.exec(error!.message)![1]!;
    expect(readFileSync(log, 'utf8')).toContain('JWT_SECRET is required when APP_ENV=production');
  });
});
