// Copies the files tsc does not emit (demo content: Markdown and cover images) into dist.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
// Demo content (Markdown and cover images) and the demo question bank's GIFT files.
const from = join(root, 'src/db/seed/content');
const to = join(root, 'dist/db/seed/content');
rmSync(to, { recursive: true, force: true });
if (existsSync(from)) cpSync(from, to, { recursive: true });
const bank = join(root, 'src/db/seed/questions');
if (existsSync(bank)) {
  for (const f of readdirSync(bank).filter((name) => name.endsWith('.gift'))) {
    mkdirSync(join(root, 'dist/db/seed/questions'), { recursive: true });
    copyFileSync(join(bank, f), join(root, 'dist/db/seed/questions', f));
  }
}
