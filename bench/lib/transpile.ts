import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import ts from 'typescript';

/**
 * Turns a self-contained TypeScript script (package imports only) into plain JavaScript, so a
 * baseline runs on bare node: a TypeScript loader would add its own memory (~20 MB) to the
 * baseline's RSS. The output sits under the repo so that node_modules resolve.
 */
export async function transpileScript(source: string, outDir: string): Promise<string> {
  const { outputText } = ts.transpileModule(await readFile(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    fileName: source,
  });
  await mkdir(outDir, { recursive: true });
  const out = join(outDir, basename(source).replace(/\.ts$/, '.mjs'));
  await writeFile(out, outputText);
  return out;
}
