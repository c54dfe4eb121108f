import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startGeocoderStub } from '../apps/server/test/geocoder-stub.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLog: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts the built server on a fresh data folder and waits until its health check answers. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; baseURL: string; dir: string; log: string }> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
    throw new Error('The end-to-end tests run against the built app: run `npm run build` first (npm test does this).');
  }
  const dir = mkdtempSync(join(tmpdir(), 'abhyas-e2e-'));
  const port = await freePort();
  const log = join(dir, 'server.log');
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: `file:${join(dir, 'data', 'app.db')}`,
      SEED_DEMO: 'true',
      EXAM_SWEEP_INTERVAL: '2s',
      CONTESTS_SWEEP_INTERVAL: '2s',
      // A contest is made final once its answer-key challenge window closes: seconds here, so the
      // contest's test sees its final results (the window itself is tested in the server's tests).
      CHALLENGE_WINDOW: '5s',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      TZ: 'UTC',
      ...extraEnv,
    },
    stdio: ['ignore', out, out],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // Migrating and seeding the demo takes a few seconds on a quiet machine; a busy one may take many times that.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up (code ${child.exitCode}); see ${log}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return { child, baseURL, dir, log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not become healthy within 120 s; see ${log}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server looks addresses up in a local stand-in for the geocoding service (Koramangala, Connaught Place).
  const geocoder = await startGeocoderStub();
  const server = await startServer({ GEOCODER_URL: geocoder.url });
  project.provide('baseURL', server.baseURL);
  project.provide('serverLog', server.log);
  return async () => {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dir, { recursive: true, force: true });
    await geocoder.close();
  };
}
