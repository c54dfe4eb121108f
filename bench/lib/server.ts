import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createReadStream, openSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** A failure of the harness itself (not a missed target): the run exits non-zero. */
export class HarnessError extends Error {}

/** Signs in through the real API of the server at baseUrl. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; user?: { id?: string } };
  if (res.status !== 200 || !body.token || !body.user?.id) throw new HarnessError(`login as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token, userId: body.user.id };
}

export type ProcessSpec = {
  /** Shown in messages and used for the log file name. */
  name: string;
  /** The JavaScript file node runs. */
  script: string;
  cwd: string;
  /** The child's whole environment besides PATH/HOME/TMPDIR/LANG and PORT: nothing else leaks in from the shell. */
  env: Record<string, string>;
  /** Flags for node itself, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** A GET path answering 200 once the process serves requests. */
  readyPath: string;
  /** Where stdout and stderr go (a file, so an undrained pipe never stalls the child). */
  logFile: string;
  readyTimeoutMs?: number;
};

export type ServerProcess = {
  name: string;
  pid: number;
  port: number;
  baseUrl: string;
  logFile: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
};

const HOST = '127.0.0.1';
const running = new Set<ServerProcess>();

/** Asks the OS for a free TCP port by listening on port 0 and closing again. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new HarnessError('could not find a free port'))));
    });
  });
}

/** PATH, HOME, TMPDIR and LANG from the harness's environment: all a child gets besides its own variables. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export function logTail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts a node process on a free port and waits until readyPath answers 200. */
export async function startServer(spec: ProcessSpec): Promise<ServerProcess> {
  const port = await freePort();
  const fd = openSync(spec.logFile, 'w');
  const child = spawn(process.execPath, [...(spec.nodeArgs ?? []), spec.script], {
    cwd: spec.cwd,
    env: { ...baseEnv(), ...spec.env, PORT: String(port), HOST },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  if (child.pid === undefined) throw new HarnessError(`${spec.name}: could not spawn ${spec.script}`);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const proc: ServerProcess = { name: spec.name, pid: child.pid, port, baseUrl: `http://${HOST}:${port}`, logFile: spec.logFile, child, exited };
  running.add(proc);
  void exited.then(() => running.delete(proc));

  const deadline = Date.now() + (spec.readyTimeoutMs ?? 30_000);
  let early: number | string | undefined;
  void exited.then((code) => (early = code));
  while (Date.now() < deadline) {
    if (early !== undefined) {
      throw new HarnessError(`${spec.name} exited (${early}) before it was ready. Last log lines:\n${logTail(spec.logFile)}`);
    }
    try {
      const res = await fetch(proc.baseUrl + spec.readyPath, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopServer(proc);
  throw new HarnessError(`${spec.name} was not ready within ${spec.readyTimeoutMs ?? 30_000} ms. Last log lines:\n${logTail(spec.logFile)}`);
}

/** SIGTERM, then SIGKILL if the process has not exited after the grace period. Only ever signals our own child. */
export async function stopServer(proc: ServerProcess, graceMs = 15_000): Promise<number | string> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  try {
    return await proc.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops every process this harness started and that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => stopServer(p)));
}

// ---- memory -------------------------------------------------------------------------------

export type MemKb = { rssKb: number; hwmKb: number };

/** VmRSS and VmHWM (peak resident set) of a process from /proc; null where /proc is unavailable. */
export async function readMem(pid: number): Promise<MemKb | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const mem = { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
    return Number.isFinite(mem.rssKb) && Number.isFinite(mem.hwmKb) ? mem : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is unavailable. */
export async function readCpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line (12 and 13 here), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (Linux clear_refs "5"), so a peak can be measured per scenario. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Tracks a process's peak RSS over a window: VmRSS polled every 100 ms, plus VmHWM at the end
 * (which catches spikes between polls). The peak is the larger of the two.
 */
export class RssMonitor {
  private peakKb = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  async start(): Promise<void> {
    await resetPeak(this.pid);
    await this.sample();
    this.timer = setInterval(() => void this.sample(), 100);
  }

  private async sample(): Promise<void> {
    const mem = await readMem(this.pid);
    if (mem) this.peakKb = Math.max(this.peakKb, mem.rssKb);
  }

  /** The peak in MB, or null when memory could not be read. */
  async stop(): Promise<number | null> {
    clearInterval(this.timer);
    const mem = await readMem(this.pid);
    // Without a reset, VmHWM is the lifetime peak: still an upper bound, so it is used rather than dropped.
    if (mem) this.peakKb = Math.max(this.peakKb, mem.rssKb, mem.hwmKb);
    return this.peakKb > 0 ? this.peakKb / 1024 : null;
  }
}

// ---- the server's own view ----------------------------------------------------------------

/**
 * The server's own time for each request in the window that `match` picks, ascending (its request
 * log: Fastify's elapsed time from routing to the response): what a client waited beyond it was spent
 * queued before the server read the request. Null when the log has no request lines (BENCH_LOG_LEVEL
 * above info).
 */
export async function loggedRequestTimes(logFile: string, fromMs: number, toMs: number, match: (e: { method: string; url: string }) => boolean): Promise<number[] | null> {
  const times: number[] = [];
  const lines = createInterface({ input: createReadStream(logFile, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line) as { time: number; method: string; url: string; ms: number };
    if (entry.time >= fromMs && entry.time <= toMs && match(entry)) times.push(entry.ms);
  }
  return times.length ? times.sort((a, b) => a - b) : null;
}

/** This process's soft limit on open files (children inherit it); null where /proc is unavailable. */
export async function openFilesLimit(): Promise<number | null> {
  try {
    const limits = await readFile('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
    return soft === undefined ? null : soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return null;
  }
}

/**
 * Fails the scenario at once, with what to do, when the harness and the server (which inherits the
 * harness's limit) could not each hold `sockets` connections and their other files.
 */
export async function needOpenFiles(sockets: number): Promise<void> {
  const limit = await openFilesLimit();
  const needed = sockets + 256;
  if (limit !== null && limit < needed) {
    throw new HarnessError(`this scenario holds ${sockets} connections open at once: the open-files limit is ${limit}, it needs at least ${needed} (raise it in the shell first, e.g. ulimit -n ${Math.max(4096, needed)})`);
  }
}
