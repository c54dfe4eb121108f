import autocannon, { type Client, type Result } from 'autocannon';
import { HarnessError, readCpuMs } from './server.js';

export type LoadSpec = {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Defaults to the run's connections (50). */
  connections?: number;
  /**
   * Called for each connection of each run (warm-up and measured) before it sends anything: a
   * scenario whose connections each act as their own user sets their requests here (`client.setRequests`).
   */
  setupClient?: (client: Client) => void;
};

export type LoadSettings = { connections: number; durationS: number; warmupS: number };

export type LoadResult = {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  /** 2xx answers in the discarded warm-up, for scenarios that count what the server stored. */
  warmupRequests: number;
  connections: number;
  durationS: number;
  /**
   * The measured run's start and end on the monotonic clock, in µs (process.hrtime): the clock V8's
   * CPU profiles use on Linux, so a server profile can be cut down to the load phase alone.
   */
  windowUs: [number, number];
  /**
   * CPU time the loaded process used per answered request in the measured run, in µs (from /proc,
   * 10 ms resolution): unlike req/s it hardly moves when other work on the machine takes CPU away.
   */
  cpuUsPerRequest: number | null;
};

/** Now on the monotonic clock, in µs. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

function problems(r: Result): string | null {
  const bad = r.errors + r.timeouts + r.non2xx + r.mismatches;
  if (bad === 0 && r['2xx'] > 0) return null;
  const codes = Object.entries(r.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');
  return `${r['2xx']} ok, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (status codes: ${codes || 'none'})`;
}

async function once(baseUrl: string, spec: LoadSpec, connections: number, durationS: number): Promise<Result> {
  return autocannon({
    url: baseUrl + spec.path,
    method: spec.method ?? 'GET',
    headers: { ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.setupClient ? { setupClient: spec.setupClient } : {}),
    connections,
    duration: durationS,
    pipelining: 1,
    timeout: 10,
  });
}

/**
 * A warm-up run (discarded) followed by the measured run. Any error, timeout or non-2xx answer
 * in either run makes the run invalid: it throws, since its numbers would not mean anything.
 */
export async function runLoad(baseUrl: string, spec: LoadSpec, settings: LoadSettings, pid?: number): Promise<LoadResult> {
  const connections = spec.connections ?? settings.connections;
  let warmupRequests = 0;
  if (settings.warmupS > 0) {
    const warm = await once(baseUrl, spec, connections, settings.warmupS);
    const issue = problems(warm);
    if (issue) throw new HarnessError(`warm-up of ${spec.method ?? 'GET'} ${spec.path} failed: ${issue}`);
    warmupRequests = warm['2xx'];
  }
  const cpuFrom = pid === undefined ? null : await readCpuMs(pid);
  const from = monotonicUs();
  const r = await once(baseUrl, spec, connections, settings.durationS);
  const windowUs: [number, number] = [from, monotonicUs()];
  const cpuTo = pid === undefined ? null : await readCpuMs(pid);
  const issue = problems(r);
  if (issue) throw new HarnessError(`${spec.method ?? 'GET'} ${spec.path} failed: ${issue}`);
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    totalRequests: r['2xx'],
    warmupRequests,
    connections,
    durationS: settings.durationS,
    windowUs,
    cpuUsPerRequest: cpuFrom !== null && cpuTo !== null && r['2xx'] > 0 ? ((cpuTo - cpuFrom) * 1000) / r['2xx'] : null,
  };
}
