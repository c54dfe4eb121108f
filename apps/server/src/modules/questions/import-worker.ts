import { Worker } from 'node:worker_threads';
import type { Image } from '../../lib/images.js';
import type { ImportFormat } from './formats/types.js';
import { ImportRefused, type ImportPreview, type ImportSource, type Prepared, type PrepareOptions, type RenderedQuestion } from './import-prepare.js';

export type WorkerInput = { bytes: Uint8Array; format: ImportFormat; fileName?: string | undefined; options: PrepareOptions };
type Request = { method: 'select'; fresh: Uint8Array } | { method: 'rows'; from: number; to: number; now: number };
export type WorkerRequest = Request & { id: number };
export type WorkerReply =
  | { type: 'prepared'; prepared: Prepared }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'failed'; id: number; message: string; refused: boolean };

/**
 * Run from TypeScript (tests, `tsx`), the worker is a .ts file that plain node cannot load: a small
 * script registers tsx's loader in the worker first, with the `source` condition the rest of the
 * process resolved packages with. Compiled, the worker is the .js beside this file.
 */
function spawnWorker(input: WorkerInput): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./import.worker.js', import.meta.url), { workerData: input });
  const file = new URL('./import.worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(file)}))`;
  return new Worker(boot, { eval: true, workerData: input, execArgv: ['--conditions=source'] });
}

/** Structured cloning turns a Buffer into a plain Uint8Array. */
const asImage = (i: Image): Image => ({ ...i, data: Buffer.from(i.data.buffer, i.data.byteOffset, i.data.byteLength) });

/**
 * An ImportSource whose parsing, checking, hashing and Markdown rendering happen in a worker thread,
 * so a large file never holds up other requests. Resolves once the file is parsed; rejects when the
 * parser fails.
 */
export function workerImportSource(bytes: Buffer, format: ImportFormat, fileName: string | undefined, options: PrepareOptions): Promise<ImportSource> {
  const worker = spawnWorker({ bytes: new Uint8Array(bytes), format, fileName, options });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;

  return new Promise<ImportSource>((resolveSource, rejectSource) => {
    const fail = (err: Error) => {
      failure ??= err;
      rejectSource(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The import worker stopped (exit code ${code})`)));
    const ask = <T>(req: Request): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure);
        const id = nextId++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ ...req, id });
      });
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'prepared') {
        resolveSource({
          prepared: reply.prepared,
          async select(fresh) {
            const r = await ask<{ preview: ImportPreview[]; images: Image[] }>({ method: 'select', fresh });
            return { preview: r.preview, images: r.images.map(asImage) };
          },
          rows: (from, to, now) => ask<RenderedQuestion[]>({ method: 'rows', from, to, now }),
          async close() {
            worker.removeAllListeners('exit');
            await worker.terminate();
          },
        });
        return;
      }
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === 'result') p?.resolve(reply.result);
      else p?.reject(reply.refused ? new ImportRefused(reply.message) : new Error(reply.message));
    });
  });
}
