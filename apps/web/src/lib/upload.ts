import { getLocale, t } from '@/i18n/i18n';
import { apiErrorFrom, apiUrl, endSession, type ResponseSchema } from './api-client';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { getAuthToken } from './storage';

export interface UploadOptions<T> {
  /** The file, sent as the raw request body. */
  body: Blob;
  schema: ResponseSchema<T>;
  /** Content-Type of the body; defaults to application/octet-stream. */
  contentType?: string;
  /** Called with the share sent so far, 0–1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a file to the main API with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Adds the bearer token and handles a 401 exactly like `apiRequest`: the token goes, /login comes.
 */
export function uploadWithProgress<T>(path: string, { body, schema, contentType = 'application/octet-stream', onProgress, signal }: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLocale());
    xhr.setRequestHeader('Content-Type', contentType);
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      const type = xhr.getResponseHeader('content-type') ?? '';
      const json = type.includes('json') ? parseJson(xhr.responseText) : undefined;
      if (xhr.status < 200 || xhr.status >= 300) {
        const retry = Number(xhr.getResponseHeader('retry-after'));
        const error = apiErrorFrom(xhr.status, json, Number.isFinite(retry) && retry > 0 ? retry : null);
        if (xhr.status === 401) endSession();
        reject(error);
        return;
      }
      onProgress?.(1);
      const parsed = schema.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: xhr.status, code: CLIENT_ERROR_CODES.invalidResponse, message: t('errors.unexpectedResponse') }));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: t('errors.network') }));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
}
