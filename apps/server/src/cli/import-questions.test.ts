import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../../..');
const FIXTURES = resolve(import.meta.dirname, '../../test/fixtures/questions');
const dir = mkdtempSync(join(tmpdir(), 'abhyas-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/import-questions.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'app.db')}`, JWT_SECRET: 'x'.repeat(40) },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run questions:import', () => {
  it('previews with --dry-run, imports, then adds nothing on a second run', async () => {
    const file = join(FIXTURES, 'quant.gift');
    const dry = await cli(file, '--dry-run', '--json');
    expect(dry.code).toBe(0);
    const preview = JSON.parse(dry.stdout);
    expect(preview).toMatchObject({ format: 'gift', dryRun: true, imported: 3, byType: { single: 2, truefalse: 1, shortanswer: 1 } });
    expect(preview.skipped).toEqual([{ position: { line: 10 }, type: 'shortanswer', reason: expect.stringContaining('Short answer') }]);
    expect(preview.errors).toEqual([{ position: expect.objectContaining({ line: 12 }), message: expect.any(String) }]);

    const real = JSON.parse((await cli(file, '--json', '--category', 'Imported')).stdout);
    expect(real).toMatchObject({ dryRun: false, imported: 3, duplicates: 0 });
    expect(real.timings).toEqual({ parseMs: expect.any(Number), commitMs: expect.any(Number) });
    const again = JSON.parse((await cli(file, '--json')).stdout);
    expect(again).toMatchObject({ imported: 0, duplicates: 3 });
  }, 60_000);

  it('exits non-zero when nothing valid could be read, and explains a bad call', async () => {
    const empty = await cli(join(FIXTURES, 'empty.gift'), '--json');
    expect(empty.code).toBe(1);
    const unknown = await cli(join(FIXTURES, 'empty.gift'), '--format', 'docx');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown format "docx"');
    const missing = await cli();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run questions:import');
  }, 60_000);

  it('refuses a file that is not text with one sentence, before reading any question', async () => {
    const png = join(dir, 'scan.gift');
    writeFileSync(png, Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(4096, 0xfe)]));
    const res = await cli(png, '--json');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toBe(`${png}: This is a PNG image, not a question file: upload GIFT, Aiken, Moodle XML or CSV.`);
  }, 60_000);

  it('refuses a text file with a stray NUL, as the upload does, and imports nothing', async () => {
    const file = join(dir, 'nul.gift');
    writeFileSync(file, '::Q1:: What is 2+2? {=4 ~5}\n\n::Q2:: What is 3+3?\0 {=6 ~7}\n');
    const res = await cli(file, '--json');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toBe(`${file}: The file must not contain the NUL character; send it as UTF-8 text.`);
  }, 60_000);
});
