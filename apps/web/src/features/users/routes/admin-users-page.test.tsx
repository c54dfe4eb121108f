import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP } from '@abhyas/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { setApiOrigin } from '@/lib/api-client';
import { AdminUsersPage } from './admin-users-page';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const user = (id: string, name: string, role: string) => ({
  id,
  name,
  email: `${id}@example.com`,
  role,
  phone: null,
  city: null,
  state: null,
  pincode: null,
  targetExam: null,
  education: null,
  dateOfBirth: null,
  gender: null,
  preferredLanguage: 'en',
  isCompleted: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  previousSignInAt: null,
});

// A real HTTP server standing in for the API; the users list answers as `listStatus` says.
let listStatus = 200;
let server: Server;
function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  res.setHeader('Content-Type', 'application/json');
  if (req.url === '/api/users/profile') return res.end(JSON.stringify({ user: user('me', 'Asha Admin', 'admin') }));
  if (req.url?.startsWith('/api/admin/users')) {
    if (listStatus !== 200) return res.writeHead(listStatus).end(JSON.stringify({ statusCode: listStatus, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }));
    return res.end(JSON.stringify({ data: [user('me', 'Asha Admin', 'admin'), user('u2', 'Ravi Kumar', 'candidate')], total: 2, page: 1, pageSize: 20 }));
  }
  res.writeHead(404).end('{}');
}

let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiOrigin('');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  localStorage.setItem(APP.authTokenKey, 'tok-admin');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  localStorage.clear();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/users', Component: AdminUsersPage }], { initialEntries: ['/admin/users'] });
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
}

describe('AdminUsersPage', () => {
  it('lists users with their roles, and keeps the signed-in admin from changing their own', async () => {
    listStatus = 200;
    renderPage();
    await vi.waitFor(() => expect(container.textContent).toContain('Ravi Kumar'));
    const selects = [...container.querySelectorAll('select[id^="role-"]')] as HTMLSelectElement[];
    await vi.waitFor(() => expect(selects.map((s) => [s.value, s.disabled])).toEqual([['admin', true], ['candidate', false]]));
  });

  it('says "Failed to fetch users" when the list cannot be fetched', async () => {
    listStatus = 500;
    renderPage();
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch users'), { timeout: 8000 });
    expect(container.textContent).not.toContain('Ravi Kumar');
  }, 10_000);
});
