/** One JSON call to the API under test: the status and the parsed body (null when there is none). */
export async function api<T>(baseURL: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** The 360-px phone's sideways overflow in pixels: 0 or less when the page fits. */
export const pageOverflow = (page: { evaluate<R>(fn: () => R): Promise<R> }) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
