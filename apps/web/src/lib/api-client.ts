import { errorBodySchema } from '@abhyas/contracts';
import { getLocale, t } from '@/i18n/i18n';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { clearAuthToken, getAuthToken } from './storage';

/** `main` is `<origin>/api`, `alt` is the origin itself (docs/PRODUCT.md §4). */
export type ApiBase = 'main' | 'alt';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with zod's `safeParse`; the contracts schemas fit. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  base?: ApiBase;
  /** JSON-encoded, except a Blob or ArrayBuffer (a file upload), which is sent as-is. */
  body?: unknown;
  /** The Content-Type of a Blob or ArrayBuffer body; defaults to application/octet-stream. */
  contentType?: string;
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Let the request outlive the page (fetch `keepalive`), as a page-view record must. */
  keepalive?: boolean;
  /** Extra request headers (the exam screen's device id); the client's own headers win. */
  headers?: Record<string, string>;
  /**
   * Keep the token and stay on the page when this call answers 401. Sign-in uses it (a wrong
   * password is a 401, not an expired session); a function decides per error.
   */
  skipAuthRedirect?: boolean | ((error: ApiError) => boolean);
  /** Sees the successful response's headers and when the request left and the answer came (a page reading the server's clock from `Date`). */
  onResponse?: (response: Response, timing: { sentAt: number; receivedAt: number }) => void;
}

export const LOGIN_PATH = '/login';

let apiOrigin: string = import.meta.env.VITE_API_ORIGIN ?? '';

/** Points the client at another origin (tests use a local server); '' means same origin. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
}

/** The absolute or root-relative URL for `path` on `base`. */
export function apiUrl(path: string, base: ApiBase = 'main'): string {
  const prefix = base === 'main' ? `${apiOrigin}/api` : apiOrigin;
  return `${prefix}/${path.replace(/^\/+/, '')}`;
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function retryAfter(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The ApiError for a failed answer: the server's error body when it sent one (also used by uploads). */
export function apiErrorFrom(status: number, json: unknown, retryAfterSeconds: number | null): ApiError {
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details } = parsed.data;
    return new ApiError({ status, code, message, details, body: parsed.data, retryAfterSeconds });
  }
  return new ApiError({ status, code: CLIENT_ERROR_CODES.http, message: t('errors.requestFailed', { status }), retryAfterSeconds });
}

async function toApiError(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await readJson(response), retryAfter(response));
}

function isRawBody(body: unknown): body is Blob | ArrayBuffer {
  return (typeof Blob !== 'undefined' && body instanceof Blob) || body instanceof ArrayBuffer;
}

/**
 * docs/PRODUCT.md §7: a 401 from the main API removes the stored token and sends the browser to /login.
 * Uploads and downloads use it too.
 */
export function endSession(): void {
  clearAuthToken();
  // Signed out: the copies of open attempts kept for the exam screen offline go too.
  void import('./attempt-copies').then((copies) => copies.forgetAttemptCopies());
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
}

/**
 * Calls the API: adds the bearer token and the UI's language (the server's messages come in it),
 * sends and reads JSON, parses the answer with `schema`, and rejects with an ApiError. The only
 * place that touches the token on the way out or handles 401.
 */
export async function apiRequest<T = undefined>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', base = 'main', body, contentType, schema, signal, keepalive = false, skipAuthRedirect = false, onResponse } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'Accept-Language': getLocale() };
  const raw = isRawBody(body);
  if (body !== undefined) headers['Content-Type'] = raw ? (contentType ?? 'application/octet-stream') : 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(apiUrl(path, base), {
      method,
      headers,
      body: body === undefined ? null : raw ? body : JSON.stringify(body),
      signal: signal ?? null,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: t('errors.network'), cause });
  }

  if (!response.ok) {
    const error = await toApiError(response);
    const skip = typeof skipAuthRedirect === 'function' ? skipAuthRedirect(error) : skipAuthRedirect;
    if (response.status === 401 && base === 'main' && !skip) endSession();
    throw error;
  }

  onResponse?.(response, { sentAt, receivedAt: Date.now() });
  if (!schema || response.status === 204) return undefined as T;
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, message: t('errors.unexpectedResponse') });
  }
  return parsed.data;
}

/** A file the API answered with (an export): its bytes and the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name in a Content-Disposition header (`attachment; filename="x.gift"`), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** A GET on the main API with the bearer token whose body is read by the caller (a file, an event stream); a failed answer rejects with an ApiError and a 401 ends the session. */
async function rawGet(path: string, init: { accept?: string; signal?: AbortSignal | undefined; cache?: RequestCache }): Promise<Response> {
  const headers: Record<string, string> = { ...(init.accept ? { Accept: init.accept } : {}), 'Accept-Language': getLocale() };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers, signal: init.signal ?? null, ...(init.cache ? { cache: init.cache } : {}) });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: t('errors.network'), cause });
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) endSession();
    throw error;
  }
  return response;
}

/** GETs a file from the main API with the bearer token (a plain link cannot send it); 401 ends the session. */
export async function apiDownload(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const response = await rawGet(path, { signal });
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/**
 * Opens a streamed GET on the main API (Server-Sent Events) with the bearer token, which
 * EventSource cannot send. Resolves with the response once its headers arrive; a failed answer
 * rejects with an ApiError and a 401 ends the session, as for any other call.
 */
export function apiStream(path: string, signal?: AbortSignal): Promise<Response> {
  return rawGet(path, { accept: 'text/event-stream', signal, cache: 'no-store' });
}
