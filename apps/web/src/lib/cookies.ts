import { APP } from '@abhyas/contracts';

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** The `document.cookie` assignment string for one cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const { maxAgeSeconds, path = '/', sameSite = 'Lax' } = options;
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=${sameSite}`;
}

/** Writes one cookie in the browser. */
export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}

/** Reads one cookie's value, or null when it is not set. */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
}

/** Remembers whether the profile is complete, in the `isCompleted` cookie for 7 days (docs/PRODUCT.md §4, §7). */
export function rememberProfileCompletion(isCompleted: boolean): void {
  writeCookie(APP.isCompletedCookie, String(isCompleted), {
    maxAgeSeconds: APP.isCompletedCookieDays * 24 * 60 * 60,
  });
}
