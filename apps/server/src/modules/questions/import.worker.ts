import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PARSERS } from './formats/registry.js';
import { ImportRefused, localImportSource, type ImportSource } from './import-prepare.js';
import type { WorkerInput, WorkerReply, WorkerRequest } from './import-worker.js';

/**
 * The import worker: parses the file and checks, hashes and renders its questions off the server's
 * request loop, answering the writer's requests one at a time (see import-worker.ts).
 */
/**
 * On Linux a thread has its own nice value: this one yields the CPU to the request loop whenever
 * both want it (on a small machine the import's rendering otherwise delays requests). Elsewhere the
 * thread keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // No /proc, or not allowed: run at the usual priority.
  }
}

lowerPriority();
const input = workerData as WorkerInput;
const port = parentPort!;
const parsed = PARSERS[input.format](Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), input.fileName ? { fileName: input.fileName } : {});
const source: ImportSource = localImportSource(parsed, input.options);
port.postMessage({ type: 'prepared', prepared: source.prepared } satisfies WorkerReply);

port.on('message', (req: WorkerRequest) => {
  const answer = req.method === 'select' ? source.select(req.fresh) : source.rows(req.from, req.to, req.now);
  answer.then(
    (result) => port.postMessage({ type: 'result', id: req.id, result } satisfies WorkerReply),
    (err: unknown) =>
      port.postMessage({ type: 'failed', id: req.id, message: err instanceof Error ? err.message : String(err), refused: err instanceof ImportRefused } satisfies WorkerReply),
  );
});
