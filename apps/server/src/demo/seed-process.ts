import { fork } from 'node:child_process';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { systemClock } from '../lib/clock.js';
import type { DemoSeedReport } from './index.js';

type Answer = { report: DemoSeedReport } | { error: string };

/**
 * The demo seed as a server start runs it: in a short-lived process of its own, so that what the
 * seed loads (the demo's files, the importer, the Markdown renderer) and the heap it grows (tens of
 * MB on a fresh database) go back to the system when it exits, and the serving process starts
 * without them. A worker thread would not do: V8 keeps a finished isolate's pages pooled for the
 * others. An in-memory SQLite database cannot be shared with another process: it is seeded here.
 * Run from TypeScript (`tsx`, tests), the child runs the .ts beside this file through tsx too.
 */
export async function seedDemoOnStart(dbConfig: Config['db'], db: Db): Promise<DemoSeedReport> {
  if (dbConfig.dialect === 'sqlite' && dbConfig.file === ':memory:') return (await import('./index.js')).seedDemo(db, systemClock);
  const fromSource = import.meta.url.endsWith('.ts');
  const child = fork(new URL(fromSource ? './seed-child.ts' : './seed-child.js', import.meta.url), {
    execArgv: fromSource ? ['--conditions=source', '--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answer: Answer | undefined;
    child.once('message', (message: Answer) => (answer = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer && 'report' in answer) resolve(answer.report);
      else reject(new Error(answer ? `the demo seed failed: ${answer.error}` : `the demo seed stopped without finishing (${signal ?? `exit code ${code}`})`));
    });
    child.send(dbConfig);
  });
}
