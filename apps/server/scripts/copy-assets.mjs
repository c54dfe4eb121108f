// Copies the files tsc does not emit (demo content: Markdown and cover images) into dist.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const from = join(root, 'src/db/seed/content');
const to = join(root, 'dist/db/seed/content');
rmSync(to, { recursive: true, force: true });
if (existsSync(from)) cpSync(from, to, { recursive: true });
