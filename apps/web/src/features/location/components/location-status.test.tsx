import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiOrigin } from '@/lib/api-client';
import { useLocationStore } from '../location-store';
import { LocationStatus } from './location-status';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

type Answer = { success: (p: { coords: { latitude: number; longitude: number } }) => void; failure: (e: { code: number; PERMISSION_DENIED: 1 }) => void };

// A real HTTP server standing in for the API's /api/geo/reverse; the page (happy-dom) is on another origin, hence CORS.
let server: Server;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    const url = new URL(req.url ?? '/', 'http://api');
    if (url.searchParams.get('lat') === '12.935') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ suburb: 'Koramangala', city: 'Bengaluru', postcode: '560034', text: 'Koramangala, Bengaluru 560034' }));
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 502, code: 'BAD_GATEWAY', message: 'The location service could not be reached. Try again later.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiOrigin('');
  await new Promise((resolve) => server.close(resolve));
});

const original = Object.getOwnPropertyDescriptor(globalThis.navigator, 'geolocation');
let pending: Answer | null;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  pending = null;
  useLocationStore.setState({ position: { status: 'detecting' }, started: false });
  // The browser asks the user, and answers later.
  Object.defineProperty(globalThis.navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (success: Answer['success'], failure: Answer['failure']) => void (pending = { success, failure }) },
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <LocationStatus />
      </QueryClientProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  if (original) Object.defineProperty(globalThis.navigator, 'geolocation', original);
  else Reflect.deleteProperty(globalThis.navigator, 'geolocation');
});

const shown = () => container.textContent?.replace('Your location:', '');
async function until(text: string) {
  for (let i = 0; i < 100 && shown() !== text; i += 1) await act(() => new Promise((r) => setTimeout(r, 20)));
  return shown();
}

describe('the location line', () => {
  it('says "Detecting location…" until the browser answers, then the place from the lookup', async () => {
    expect(shown()).toBe('Detecting location…');
    expect(container.querySelector('[aria-live="polite"]')).not.toBeNull();
    act(() => pending!.success({ coords: { latitude: 12.935_21, longitude: 77.624_63 } }));
    expect(await until('Koramangala, Bengaluru 560034')).toBe('Koramangala, Bengaluru 560034');
    expect(asked.at(-1)).toBe('/api/geo/reverse?lat=12.935&lon=77.625');
  });

  it('says "Location not enabled" when permission is refused', () => {
    act(() => pending!.failure({ code: 1, PERMISSION_DENIED: 1 }));
    expect(shown()).toBe('Location not enabled');
  });

  it('says "Location fetch error" when the position cannot be had or the lookup fails', async () => {
    act(() => pending!.failure({ code: 2, PERMISSION_DENIED: 1 }));
    expect(shown()).toBe('Location fetch error');

    useLocationStore.setState({ position: { status: 'detecting' }, started: false });
    act(() => useLocationStore.getState().detect());
    act(() => pending!.success({ coords: { latitude: 19.076, longitude: 72.8777 } }));
    expect(await until('Location fetch error')).toBe('Location fetch error');
  });
});
