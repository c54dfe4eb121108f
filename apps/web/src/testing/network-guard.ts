import { afterAll, afterEach } from 'vitest';

/**
 * Keeps web tests off the network. A test answers the app's requests with `fakeApi` (which stubs
 * `fetch` and `XMLHttpRequest` for the test), or starts its own server on 127.0.0.1; any other
 * request (the app's own origin in tests is http://localhost:3000, where a developer's server may
 * well be listening) throws at its call site with the method and the URL, and fails the test it
 * was made in, even when the app catches the error. A request made after a file's last test fails
 * the file.
 */

/** A test's own server listens here; nothing else is reached. */
const TEST_SERVER_HOST = '127.0.0.1';

const strays: string[] = [];

function refuse(method: string, url: string | URL): void {
  const resolved = new URL(String(url), window.location.href);
  if (resolved.hostname === TEST_SERVER_HOST) return;
  const call = `${method.toUpperCase()} ${resolved.href}`;
  strays.push(call);
  throw new Error(`A web test reached the network: ${call}. Answer it with fakeApi (src/testing/fake-api.ts) or stub the caller.`);
}

/** The refused calls not yet reported, which are then forgotten (for the guard's own test). */
export function takeRefusedCalls(): string[] {
  return strays.splice(0);
}

function report(): void {
  if (strays.length === 0) return;
  const calls = strays.splice(0);
  throw new Error(`Unanswered network calls (answer them with fakeApi or stub the caller):\n${calls.join('\n')}`);
}

/** Replaces `fetch`, `XMLHttpRequest` and `navigator.sendBeacon` with guarded ones; `vi.unstubAllGlobals()` comes back to these. */
export function guardNetwork(): void {
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    refuse(init?.method ?? request?.method ?? 'GET', request ? request.url : input.toString());
    return realFetch(input, init);
  };

  const RealXhr = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = class GuardedXhr extends RealXhr {
    override open(method: string, url: string | URL, async = true, username?: string | null, password?: string | null): void {
      refuse(method, url);
      super.open(method, url, async, username, password);
    }
  };

  const realBeacon = navigator.sendBeacon.bind(navigator);
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string | URL, data?: BodyInit | null) => {
      refuse('POST', url);
      return realBeacon(url, data);
    },
  });

  afterEach(report);
  afterAll(report);
}
