import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** Only loopback: the port carries no token, so nothing beyond this machine may reach it. */
export const METRICS_HOST = '127.0.0.1';

type Log = { error: (obj: object, msg: string) => void };

export type MetricsListener = {
  /** Listens on `port` of 127.0.0.1 (0: a free one); answers where. */
  start(port: number): Promise<AddressInfo>;
  /** Where it listens; null before it starts or after it closed. */
  address(): AddressInfo | null;
  close(): Promise<void>;
};

/**
 * A second, tiny HTTP server answering `GET /metrics` (and HEAD) with the registry's text, and 404
 * to anything else; nothing of the app's routes, hooks or limits runs on it.
 */
export function createMetricsListener(registry: Registry, log: Log): MetricsListener {
  let server: Server | null = null;
  const answer = (res: ServerResponse, status: number, type: string, body: string, head: boolean) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
    res.end(head ? undefined : body);
  };
  return {
    async start(port) {
      const s = createServer((req, res) => {
        const head = req.method === 'HEAD';
        if ((req.method !== 'GET' && !head) || req.url?.split('?')[0] !== '/metrics') {
          answer(res, 404, 'text/plain; charset=utf-8', 'Not found: the metrics are at GET /metrics\n', head);
          return;
        }
        registry.metrics().then(
          (text) => answer(res, 200, registry.contentType, text, head),
          (err: unknown) => {
            log.error({ err }, 'writing the metrics failed');
            answer(res, 500, 'text/plain; charset=utf-8', 'The metrics could not be written\n', head);
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, METRICS_HOST, () => {
          s.off('error', reject);
          resolve();
        });
      });
      server = s;
      return s.address() as AddressInfo;
    },
    address: () => (server?.address() as AddressInfo | null | undefined) ?? null,
    async close() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
