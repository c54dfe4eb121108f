import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from './helpers.js';
import { timeUntil } from './postgres-admin.js';

const REPO = resolve(fileURLToPath(import.meta.url), '../../../..');

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Everything it wrote on stdout and stderr so far. */
  output: () => string;
  /** Its JSON log lines so far. */
  logLines: () => Record<string, unknown>[];
  /** Sends `signal` and waits for the exit, up to `withinMs`: how it ended and after how long. */
  stop: (signal: NodeJS.Signals, withinMs: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  /** Kills it (and leaves its data folder) if it still runs. */
  dispose: () => Promise<void>;
};

/**
 * `apps/server/src/main.ts` in a process of its own, as it is deployed (from the sources, as tsx
 * runs them; node:cluster workers are forked with the same loader). Resolves once it says it is
 * running; `env` adds to and overrides the defaults.
 */
export async function startServerProcess(env: Record<string, string>, startMs = 40_000): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'abhyas-process-'));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = once(child, 'exit');
  const running = () => child.exitCode === null && child.signalCode === null;
  const dispose = async () => {
    if (running()) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let port = 0;
  try {
    await timeUntil(async () => {
      if (!running()) throw new Error(`the server exited at start:\n${output}`);
      port = Number(/is running at http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? 0);
      return port > 0;
    }, startMs, 100);
  } catch (err) {
    await dispose();
    throw err;
  }
  return {
    child,
    port,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .flatMap((line) => {
          // Processes sharing one pipe (cluster workers) may cut into each other's longer lines.
          try {
            return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
          } catch {
            return [];
          }
        }),
    async stop(signal, withinMs) {
      const started = Date.now();
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), withinMs);
      await exited;
      clearTimeout(timer);
      return { code: child.exitCode, signal: child.signalCode, ms: Date.now() - started };
    },
    dispose,
  };
}

/** A GET on a connection of its own (no keep-alive, so each may reach another process): status and body. */
export function getOnce(port: number, path: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolvePromise, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => void (body += chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
