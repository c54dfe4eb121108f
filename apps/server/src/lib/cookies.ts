/** The cookies a request carries, by name (RFC 6265 §5.4); the first of two with one name wins. */
export function parseCookies(header: string | undefined): Record<string, string> {
  // No prototype: a cookie named like an Object method is just a cookie.
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (name && !(name in cookies)) cookies[name] = value;
  }
  return cookies;
}

export type CookieOptions = { path: string; maxAgeSeconds: number; secure: boolean };

/**
 * A Set-Cookie value for a cookie that script never reads and no other site sends along
 * (HttpOnly, SameSite=Strict). Names and values must already be cookie-safe (base64url, `.`, `-`, `_`).
 */
export function serializeCookie(name: string, value: string, { path, maxAgeSeconds, secure }: CookieOptions): string {
  return [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}
