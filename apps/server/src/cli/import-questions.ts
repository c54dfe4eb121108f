import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { BY_SERVER } from '../modules/audit/audit.service.js';
import { notTextProblem, nulProblem } from '../modules/questions/formats/binary.js';
import { detectFormat } from '../modules/questions/formats/detect.js';
import { PARSERS } from '../modules/questions/formats/registry.js';
import type { ImportFormat, Position } from '../modules/questions/formats/types.js';
import { importQuestions } from '../modules/questions/import.service.js';

const USAGE = 'Usage: npm run questions:import -- <file> [--format gift|aiken|moodlexml|csv] [--category PATH] [--dry-run] [--json]';
const FORMATS = Object.keys(PARSERS) as ImportFormat[];

function where(p: Position): string {
  if (p.line !== undefined) return `line ${p.line}${p.column !== undefined ? `:${p.column}` : ''}`;
  if (p.index !== undefined) return `question ${p.index}${p.element ? ` (${p.element})` : ''}`;
  return 'file';
}

/** Imports one question file into the configured database and reports what happened. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string' }, category: { type: 'string' }, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  const file = positionals[0];
  if (values.help || !file) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const size = statSync(file).size;
  if (size > config.importMaxBytes) {
    console.error(`${file} is ${(size / 1048576).toFixed(1)} MB; files up to ${(config.importMaxBytes / 1048576).toFixed(0)} MB can be imported (IMPORT_MAX_BYTES).`);
    return 2;
  }
  const bytes = readFileSync(file);
  const notText = notTextProblem(bytes) ?? nulProblem(bytes);
  if (notText) {
    console.error(`${file}: ${notText}.`);
    return 2;
  }
  const format = (values.format as ImportFormat | undefined) ?? detectFormat(file, bytes.subarray(0, 8192).toString('utf8'));
  if (!format || !FORMATS.includes(format)) {
    console.error(format ? `Unknown format "${format}"; use one of ${FORMATS.join(', ')}.` : `Cannot tell the format of ${file}; say it with --format ${FORMATS.join('|')}.`);
    return 2;
  }

  const started = performance.now();
  const parsed = PARSERS[format](bytes, { fileName: basename(file) });
  const parseMs = performance.now() - started;
  const handle = createDb(config.db);
  try {
    await migrateToLatest(handle.db);
    const report = await importQuestions({ db: handle.db, clock: systemClock }, BY_SERVER, parsed, {
      dryRun: Boolean(values['dry-run']),
      ...(values.category ? { category: values.category } : {}),
      sourceFile: basename(file),
      mediaMaxBytes: config.mediaMaxBytes,
    });
    const totalMs = performance.now() - started;
    if (values.json) {
      const { preview: _preview, ...rest } = report;
      console.log(JSON.stringify({ ...rest, timings: { parseMs: Math.round(parseMs), commitMs: Math.round(totalMs - parseMs) } }, null, 2));
    } else {
      console.log(`${report.dryRun ? 'Dry run: would import' : 'Imported'} ${report.imported} question(s) from ${file} (${format}).`);
      if (report.duplicates) console.log(`${report.duplicates} already in the bank or repeated in the file (same content): not added again.`);
      for (const s of report.skipped) console.log(`skipped ${where(s.position)}: ${s.type}: ${s.reason}`);
      for (const e of report.errors) console.log(`error   ${where(e.position)}: ${e.message}`);
      console.log(`By type: ${Object.entries(report.byType).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}. Parse ${Math.round(parseMs)} ms, import ${Math.round(totalMs - parseMs)} ms.`);
    }
    // Non-zero only when nothing valid could be read (a file of duplicates still read fine).
    return parsed.questions.length === 0 && report.imported === 0 && report.duplicates === 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
