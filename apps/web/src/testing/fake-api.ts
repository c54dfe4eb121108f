import { vi } from 'vitest';

/** A request as the fake API saw it; a JSON body is parsed, a file body stays a Blob. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  /** Sent as JSON; omit for an empty answer. */
  body?: unknown;
  /** Headers of the answer besides its content type, as `retry-after`. */
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/** The answer the real server gives to a path nothing handles. */
const notFound = (key: string): FakeResponse => ({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: `No fake for ${key}` } });

/** The one error shape every API error has (docs/PRODUCT.md §4). */
export function apiError(status: number, code: string, message: string, details?: { field: string; message: string }[]): FakeResponse {
  return { status, body: { statusCode: status, code, message, ...(details ? { details } : {}) } };
}

function lowerKeys(headers: HeadersInit | undefined): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Array.isArray(headers) ? headers : Object.entries(headers ?? {});
  return Object.fromEntries(entries.map(([key, value]) => [key.toLowerCase(), value]));
}

/**
 * Stands in for the API server at the network boundary: replaces `fetch` (JSON calls) and
 * `XMLHttpRequest` (uploads with progress) with one table of handlers keyed "METHOD /api/path".
 * Every request is recorded in `requests`. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];

  async function answer(method: string, url: string, headers: Record<string, string>, rawBody: unknown) {
    const parsed = new URL(url, 'http://localhost');
    const key = `${method} ${parsed.pathname}`;
    const json = typeof rawBody === 'string' && (headers['content-type'] ?? '').includes('json');
    const request: FakeRequest = { method, path: parsed.pathname, query: parsed.searchParams, headers, body: json ? JSON.parse(rawBody) : rawBody };
    requests.push(request);
    const handler = routes[key];
    const { status = 200, body, headers: extra = {} } = handler ? await handler(request) : notFound(key);
    return { status, text: body === undefined ? '' : JSON.stringify(body), extra };
  }

  const fetchFake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status, text, extra } = await answer(init.method ?? 'GET', String(input), lowerKeys(init.headers), init.body ?? undefined);
    return new Response(text || null, { status, headers: { ...extra, ...(text ? { 'content-type': 'application/json' } : {}) } });
  };

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #aborted = false;

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' && this.responseText ? 'application/json' : null;
    }
    abort() {
      this.#aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const total = body instanceof Blob ? body.size : 0;
      // Half the bytes "sent" at once, so a progress bar has something to show.
      queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(total / 2), total }));
      void answer(this.#method, this.#url, this.#headers, body).then(({ status, text }) => {
        if (this.#aborted) return;
        this.status = status;
        this.responseText = text;
        this.onload?.();
      });
    }
  }

  vi.stubGlobal('fetch', vi.fn(fetchFake));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    requests,
    /** The requests made to one "METHOD /api/path". */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

/** A promise with its resolve function outside, for holding an answer back while a test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
