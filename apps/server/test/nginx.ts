import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFIG = resolve(fileURLToPath(import.meta.url), '../../../../deploy/nginx.conf');

/** The nginx on PATH (or in /usr/sbin), or null. */
export function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * `deploy/nginx.conf` as shipped, with its upstream servers and listening address replaced by the
 * test's and its files (pid, logs, temporary bodies) in a folder of its own, run in the foreground.
 */
export async function startNginx(binary: string, upstreamPorts: number[]): Promise<{ port: number; stop: () => Promise<void>; errors: () => string }> {
  const prefix = mkdtempSync(join(tmpdir(), 'abhyas-nginx-'));
  const port = await freePort();
  let text = readFileSync(CONFIG, 'utf8');
  const upstream = /^\s*server 10\.0\.0\.\d+:3000 (.*);$/gm;
  const options = upstream.exec(text)?.[1] ?? '';
  text = text.replace(upstream, '').replace(/(upstream abhyas \{\n)/, `$1${upstreamPorts.map((p) => `        server 127.0.0.1:${p} ${options};\n`).join('')}`);
  text = text.replace(/listen 80;/, `listen 127.0.0.1:${port};`).replace('worker_processes auto;', 'worker_processes 1;');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => {
    const dir = join(prefix, kind);
    mkdirSync(dir);
    // Written by nginx's workers, which run as another user when the test runs as root.
    chmodSync(dir, 0o777);
    return `    ${kind}_temp_path ${dir};`;
  });
  text = text.replace('http {\n', `http {\n    access_log off;\n${temp.join('\n')}\n`);
  text = `daemon off;\npid ${join(prefix, 'nginx.pid')};\nerror_log ${join(prefix, 'error.log')} warn;\n${text}`;
  if (!text.includes(`server 127.0.0.1:${upstreamPorts[0]}`)) throw new Error('deploy/nginx.conf no longer has the upstream lines this test replaces');
  writeFileSync(join(prefix, 'nginx.conf'), text);
  chmodSync(prefix, 0o755);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: 'ignore' });
  const errors = () => {
    try {
      return readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    port,
    errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
