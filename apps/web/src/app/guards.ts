import { redirect, type LoaderFunctionArgs } from 'react-router';
import { safeNextPath } from '@/lib/safe-redirect';
import { getAuthToken } from '@/lib/storage';

// Slashes are legal in a query string; keeping them gives readable URLs like /login?next=/profile.
const encodeNext = (path: string) => encodeURIComponent(path).replace(/%2F/gi, '/');

/** Route loader: visitors without a token go to /login?next=<this page>. */
export function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (getAuthToken()) return null;
  const url = new URL(request.url);
  return redirect(`/login?next=${encodeNext(url.pathname + url.search)}`);
}

/** Route loader: signed-in users skip sign-in and registration. */
export function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (!getAuthToken()) return null;
  return redirect(safeNextPath(new URL(request.url).searchParams.get('next'), '/profile'));
}
