// Slashes are legal in a query string; keeping them gives readable addresses like /login?next=/contests/ai.
/** The sign-in page, coming back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/login?next=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
