// Writes .br and .gz siblings of every compressible file in dist larger than 1 KB, at maximum
// quality, so the server can send them as they are instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function compress(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { path, size: source.length, br: br.length, gz: gzipped.length };
}

const jobs = [];
for await (const path of walk(dist)) {
  if (!EXTENSIONS.has(extname(path))) continue;
  if ((await stat(path)).size <= MIN_BYTES) continue;
  jobs.push(compress(path));
}
const results = await Promise.all(jobs);
for (const { path, size, br, gz: gzSize } of results.sort((a, b) => a.path.localeCompare(b.path))) {
  console.log(`${relative(dist, path).padEnd(40)} ${String(size).padStart(8)} B  br ${String(br).padStart(7)}  gz ${String(gzSize).padStart(7)}`);
}
console.log(`precompressed ${results.length} file(s) in ${relative(process.cwd(), dist) || '.'}`);
