/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute, Route } from 'workbox-routing';
import { isApiAnswerType, isAppPage, mayStore, SKIP_WAITING, WHICH_PAGE, type SkipWaitingReply, type WhichPageReply } from './offline-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/**
 * The app's service worker (docs/decisions/022). It keeps the shell and the exam screen's files,
 * listed by the build, so a reload without network opens the exam screen; it stores nothing else.
 * A new version installs beside the running one and waits: it takes over only when no exam screen
 * is open, so a page in the middle of an attempt keeps the files it was built with.
 */

const precache = new PrecacheController();
// The one place the worker writes to Cache Storage: a file the build listed, never an answer of the API.
precache.strategy.plugins.push({
  cacheWillUpdate: async ({ request, response }) => (mayStore(new URL(request.url).pathname) && !isApiAnswerType(response.headers.get('content-type')) ? response : null),
});
precache.addToCacheList(self.__WB_MANIFEST);

self.addEventListener('install', (event) => event.waitUntil(precache.install(event)));
self.addEventListener('activate', (event) => {
  // Files of the version this worker replaces are removed only now, once no page of that version is left.
  event.waitUntil(precache.activate(event));
  // A page's request starts while the worker wakes up, rather than after.
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});
cleanupOutdatedCaches();

/**
 * Pages: the server's answer (it writes each page's metadata into the HTML), else the stored shell,
 * which opens any page of the app, the exam screen first of all, without a connection. Registered
 * before the stored files, so `/` too asks the server first.
 */
registerRoute(
  new Route(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname),
    async ({ request, event }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch (error) {
        const shell = await precache.matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
  ),
);
// The build's files, from the device: those of the version this page was built with.
registerRoute(new PrecacheRoute(precache));

/** How long a window has to say which page it shows; one that is silent (frozen in the background) is taken to show a test. */
const WINDOW_ANSWER_MS = 1_500;

/** Whether `client` shows an exam screen, as it says itself. */
function showsExamScreen(client: WindowClient): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const silent = setTimeout(() => resolve(true), WINDOW_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<WhichPageReply | null>) => {
      clearTimeout(silent);
      resolve(event.data?.examScreen !== false);
    };
    client.postMessage({ type: WHICH_PAGE }, [channel.port2]);
  });
}

/** Whether a window of the app shows an exam screen: the new version then waits until none does. */
async function examScreenOpen(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // A window opened at a page outside the app (the API's reference page) runs none of its code.
  const app = windows.filter((client) => isAppPage(new URL(client.url).pathname));
  return (await Promise.all(app.map(showsExamScreen))).some(Boolean);
}

// "Reload to update", from a page that is not an exam screen: refused while any window shows one.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== SKIP_WAITING) return;
  const reply = (answer: SkipWaitingReply) => event.ports[0]?.postMessage(answer);
  event.waitUntil(
    examScreenOpen().then(async (open) => {
      if (open) return reply({ updated: false, reason: 'examOpen' });
      reply({ updated: true });
      await self.skipWaiting();
    }),
  );
});
