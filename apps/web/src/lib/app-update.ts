import { isExamScreen, SKIP_WAITING, WHICH_PAGE, type SkipWaitingReply, type WhichPageReply } from '@/service-worker/offline-rules';

/**
 * `none`: nothing new; `ready`: a new version of the app waits, offered as "reload to update";
 * `examOpen`: asked, but a test is open in another tab, and the new version waits until it closes.
 */
export type AppUpdate = 'none' | 'ready' | 'examOpen';

/** How often a page left open asks whether a new version is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let state: AppUpdate = 'none';
let waiting: ServiceWorker | null = null;
let asked = false;
const listeners = new Set<() => void>();

function set(next: AppUpdate): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

export const getAppUpdate = (): AppUpdate => state;

export function subscribeAppUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends `message` to `worker` and resolves with its reply. */
function ask(worker: ServiceWorker, message: { type: string }): Promise<SkipWaitingReply> {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<SkipWaitingReply>) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Registers the app's service worker once the page has loaded (docs/decisions/022). A new version
 * found later installs and waits; it is offered to this page (never taking over by itself), and a
 * page on the exam screen is never reloaded into it.
 */
export function startAppWorker(container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): void {
  if (!container) return;
  // Before a new version takes over, its worker asks every window whether it shows an exam screen.
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type !== WHICH_PAGE) return;
    const reply: WhichPageReply = { examScreen: isExamScreen(window.location.pathname) };
    event.ports[0]?.postMessage(reply);
  });
  container.startMessages();
  const offer = (worker: ServiceWorker) => {
    // The first install has no page of an older version to replace: nothing to offer.
    if (!container.controller) return;
    waiting = worker;
    set('ready');
  };
  container.addEventListener('controllerchange', () => {
    // The page that asked reloads into the new version; another page offers to, so nothing typed there is lost.
    if (asked && !isExamScreen(window.location.pathname)) window.location.reload();
    else if (!asked) {
      waiting = null;
      set('ready');
    }
  });
  const register = async () => {
    const registration = await container.register('/sw.js', { scope: '/' });
    const watch = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') offer(worker);
      });
    if (registration.waiting) offer(registration.waiting);
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  };
  const start = () => void register().catch((error: unknown) => console.warn('The offline app could not be set up', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** "Reload to update": the waiting version takes over and this page reloads, unless a test is open in another tab. */
export async function applyAppUpdate(): Promise<void> {
  if (!waiting) {
    window.location.reload();
    return;
  }
  asked = true;
  const reply = await ask(waiting, { type: SKIP_WAITING });
  if (!reply.updated) {
    asked = false;
    set('examOpen');
  }
}

/** Forgets the offer (tests). */
export function resetAppUpdate(): void {
  state = 'none';
  waiting = null;
  asked = false;
  listeners.clear();
}
