import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from './global-setup.js';

describe('the server process', () => {
  it('prints its address, then on SIGTERM finishes in-flight work and exits 0 within 10 s', async () => {
    const server = await startServer();
    try {
      expect(readFileSync(server.log, 'utf8')).toMatch(/Abhyas 1\.23 is running at http:\/\/localhost:\d+/);
      // A request truly in flight: its headers and half its body reach the server before SIGTERM,
      // the rest after, over a keep-alive connection.
      const body = JSON.stringify({ name: 'Late', email: 'late@example.com', password: 'long enough' });
      const req = request(`${server.baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'keep-alive' },
      });
      const response = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 100));
      req.end(body.slice(10));
      const res = await response;
      expect(res.status).toBe(201);
      expect(res.connection).toBe('close');
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
