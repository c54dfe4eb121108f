// The part of autocannon 9's API the harness uses (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    pipelining?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Called once per connection before it sends anything: per-connection requests and response handlers. */
    setupClient?: (client: Client) => void;
  };

  /** One request as a connection sends it; `setupRequest` rebuilds it before each send. */
  export type RequestSpec = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  };

  /** One connection of a run. */
  export type Client = {
    setRequests(requests: RequestSpec[]): void;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per second, sampled each second. */
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  /** The run's result; `stop()` ends it early and resolves it with what was measured so far. */
  function autocannon(opts: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
