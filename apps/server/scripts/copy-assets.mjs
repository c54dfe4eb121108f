// Copies the files tsc does not emit into dist: the demo content (Markdown, cover and banner images)
// and the demo question bank's GIFT files.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const from = join(root, 'src/demo/content');
const to = join(root, 'dist/demo/content');
rmSync(to, { recursive: true, force: true });
if (existsSync(from)) cpSync(from, to, { recursive: true });
const bank = join(root, 'src/demo/questions');
if (existsSync(bank)) {
  for (const f of readdirSync(bank).filter((name) => name.endsWith('.gift'))) {
    mkdirSync(join(root, 'dist/demo/questions'), { recursive: true });
    copyFileSync(join(bank, f), join(root, 'dist/demo/questions', f));
  }
}
