/**
 * Seeds candidate accounts for a scenario and writes them as JSON ({ candidates, ms }) to --out.
 * Usage: node --conditions=source --import tsx bench/seed/candidates.ts --prefix saves --count 100 --out file.json
 */
import { writeFile } from 'node:fs/promises';
import { args, openServerDb, seedCandidates } from './lib.js';

const a = args();
const prefix = a.get('prefix') ?? 'bench';
const count = Number(a.get('count') ?? '1');
const out = a.get('out');
if (!out || !Number.isInteger(count) || count < 1) throw new Error('usage: candidates.ts --prefix <p> --count <n> --out <file>');

const { config, handle } = openServerDb();
try {
  const started = performance.now();
  const candidates = await seedCandidates(handle.db, { secret: config.auth.jwtSecret, ttlMs: config.auth.tokenTtlMs }, prefix, count);
  await writeFile(out, JSON.stringify({ candidates, ms: performance.now() - started }));
} finally {
  await handle.close();
}
