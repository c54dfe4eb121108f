import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../lib/clock.js';
import { parseGift } from '../../modules/questions/formats/gift/parse-gift.js';
import { importQuestions } from '../../modules/questions/import.service.js';
import type { Db } from '../index.js';
import { generateDemoQuestions } from './questions/generated.js';

const DEMO_QUESTIONS_DIR = join(import.meta.dirname, 'questions');

/**
 * Imports the demo question bank (hand-written GIFT files and generated arithmetic families)
 * through the real importer, published. The content hash makes a second run add nothing.
 */
export async function seedDemoQuestions(db: Db, clock: Clock): Promise<number> {
  const deps = { db, clock };
  let imported = 0;
  for (const file of readdirSync(DEMO_QUESTIONS_DIR).filter((f) => f.endsWith('.gift')).sort()) {
    const parsed = parseGift(readFileSync(join(DEMO_QUESTIONS_DIR, file)));
    if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors.map((e) => `line ${e.position.line}: ${e.message}`).join('; ')}`);
    imported += (await importQuestions(deps, parsed, { dryRun: false, publish: true, sourceFile: file })).imported;
  }
  const generated = { format: 'gift' as const, questions: generateDemoQuestions(), skipped: [], errors: [] };
  imported += (await importQuestions(deps, generated, { dryRun: false, publish: true, sourceFile: 'generated' })).imported;
  return imported;
}
