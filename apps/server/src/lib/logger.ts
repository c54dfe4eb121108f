import pino, { type Logger } from 'pino';

const FLUSH_EVERY_MS = 1000;

/**
 * The server's pino logger. Lines are buffered and written asynchronously (pino's asynchronous
 * logging, docs/asynchronous.md): one synchronous write per request line cost about a tenth of the
 * server's throughput. The buffer is flushed every second, so a quiet server's lines still appear
 * promptly, and synchronously on close and on exit.
 */
export function createLogger(level: string): { logger: Logger; close: () => void } | null {
  if (level === 'silent') return null;
  const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
  const logger = pino({ level, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] }, destination);
  const timer = setInterval(() => destination.flush(), FLUSH_EVERY_MS);
  timer.unref();
  const flushOnExit = () => destination.flushSync();
  process.once('exit', flushOnExit);
  return {
    logger,
    close: () => {
      clearInterval(timer);
      process.removeListener('exit', flushOnExit);
      destination.flushSync();
    },
  };
}
