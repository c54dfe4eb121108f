/**
 * What the app's service worker keeps on the device, and which pages it answers (docs/PRODUCT.md
 * §8.12, docs/decisions/022). Read by the worker, by the build that lists its files and by the app.
 *
 * The one rule: the worker stores the build's own files and nothing else. An answer of the server's
 * API (results, reviews, practice feedback, the admin routes, anything carrying a key or another
 * person's data) never enters Cache Storage; the open attempt a reload needs offline is kept by the
 * exam screen itself, in IndexedDB beside its save queue, and cleared at sign-out.
 */

/** Paths of the built app the worker may store: the page, its hashed files, the favicon and the manifest. */
const STORABLE = [/^\/index\.html$/, /^\/assets\/[\w.-]+$/, /^\/favicon\.svg$/, /^\/manifest\.webmanifest$/];

/** Prefixes of the API (docs/PRODUCT.md §4) and of stored images: the server's data, never the app's files. */
const SERVER_DATA = ['/api/', '/public/', '/topics/all', '/media/'];

const isServerData = (pathname: string) => pathname === '/api' || SERVER_DATA.some((prefix) => pathname.startsWith(prefix));

/** Whether the worker may keep the answer for `pathname` (a built file), never for the API's. */
export function mayStore(pathname: string): boolean {
  return !isServerData(pathname) && STORABLE.some((pattern) => pattern.test(pathname));
}

/** Whether an answer's type is the API's (JSON): refused even for a path that looked like a file. */
export const isApiAnswerType = (contentType: string | null) => /^application\/(.+\+)?json\b/i.test(contentType ?? '') && !/manifest\+json/i.test(contentType ?? '');

/** Whether a navigation to `pathname` is a page of the app (the cached shell stands in offline), as the server's fallback decides. */
export function isAppPage(pathname: string): boolean {
  if (isServerData(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/** Whether `pathname` is the exam screen of a timed attempt (`/attempts/:id`): an update waits while one is open. */
export const isExamScreen = (pathname: string) => /^\/attempts\/[^/]+\/?$/.test(pathname);

/** What the page asks of a waiting worker, and what it answers. */
export const SKIP_WAITING = 'SKIP_WAITING';
export type SkipWaitingReply = { updated: true } | { updated: false; reason: 'examOpen' };

/**
 * What the worker asks each window before it takes over, and what the window answers. A window's
 * address as the worker sees it is the one it was opened at, not where the app has since gone, so
 * each page of the app says where it is.
 */
export const WHICH_PAGE = 'WHICH_PAGE';
export interface WhichPageReply {
  examScreen: boolean;
}
