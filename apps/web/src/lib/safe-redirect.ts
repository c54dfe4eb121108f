/** `next` when it is a path on this site, otherwise `fallback` (no open redirects via ?next=). */
export function safeNextPath(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
