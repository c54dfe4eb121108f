import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP, type Role } from '@abhyas/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '@/lib/api-client';
import { user as account } from '@/testing/fixtures';
import { click, getButton, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { AdminUsersPage } from './admin-users-page';

const user = (id: string, name: string, role: Role) => account({ id, name, email: `${id}@example.com`, role, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' });

// A real HTTP server standing in for the API; the users list answers as `listStatus` says, with
// each user's compensatory time as the accommodation route last set it.
let listStatus = 200;
let server: Server;
const extra = new Map<string, number>();
const accommodationBodies: unknown[] = [];
const listed = () => [user('me', 'Asha Admin', 'admin'), user('u2', 'Ravi Kumar', 'candidate')].map((u) => ({ ...u, extraMinutesPerHour: extra.get(u.id) ?? 0 }));
function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, PATCH');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  res.setHeader('Content-Type', 'application/json');
  if (req.url === '/api/users/profile') return res.end(JSON.stringify({ user: user('me', 'Asha Admin', 'admin') }));
  const accommodation = /^\/api\/admin\/users\/([^/]+)\/accommodation$/.exec(req.url ?? '');
  if (req.method === 'PUT' && accommodation) {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { extraMinutesPerHour: number };
      accommodationBodies.push(body);
      extra.set(accommodation[1]!, body.extraMinutesPerHour);
      res.end(JSON.stringify({ data: listed().find((u) => u.id === accommodation[1]) }));
    });
    return;
  }
  if (req.url?.startsWith('/api/admin/users')) {
    if (listStatus !== 200) return res.writeHead(listStatus).end(JSON.stringify({ statusCode: listStatus, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }));
    return res.end(JSON.stringify({ data: listed(), total: 2, page: 1, pageSize: 20 }));
  }
  res.writeHead(404).end('{}');
}

let page: Awaited<ReturnType<typeof renderRoutes>>;
let container: HTMLElement;

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
  localStorage.setItem(APP.authTokenKey, 'tok-admin');
});
afterEach(() => {
  page.unmount();
  localStorage.clear();
  extra.clear();
  accommodationBodies.length = 0;
});

async function renderPage() {
  page = await renderRoutes([{ path: '/admin/users', Component: AdminUsersPage }], '/admin/users');
  container = page.container;
}

/** A user's compensatory-time form, once the list is on screen. */
const formOf = (name: string) =>
  waitFor(() => {
    const found = container.querySelector<HTMLFormElement>(`form[aria-label="Compensatory time for ${name}"]`);
    if (!found) throw new Error(`no form for ${name} yet`);
    return found;
  });

describe('AdminUsersPage', () => {
  it('lists users with their roles, and keeps the signed-in admin from changing their own', async () => {
    listStatus = 200;
    await renderPage();
    await vi.waitFor(() => expect(container.textContent).toContain('Ravi Kumar'));
    const selects = [...container.querySelectorAll('select[id^="role-"]')] as HTMLSelectElement[];
    await vi.waitFor(() => expect(selects.map((s) => [s.value, s.disabled])).toEqual([['admin', true], ['candidate', false]]));
  });

  it('sets a candidate’s compensatory time from their row, with 20 suggested as the standard and 0 for none', async () => {
    listStatus = 200;
    await renderPage();
    const form = await formOf('Ravi Kumar');
    const field = form.querySelector('input')!;
    expect(container.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Compensatory time (minutes per hour)');
    expect(field.value).toBe('0');
    expect(form.textContent).toContain('Extra minutes per hour in timed papers: 20 is standard, 0 for none.');
    expect([...form.querySelectorAll('datalist option')].map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['20', '20 (standard)'],
      ['0', '0 (none)'],
    ]);
    // Nothing changed yet: nothing to save.
    expect(getButton(form, 'Save').disabled).toBe(true);

    typeInto(field, '20');
    click(getButton(form, 'Save'));
    await waitFor(() => expect(accommodationBodies).toEqual([{ extraMinutesPerHour: 20 }]));
    // The list is read again: the row says so, and the field shows the figure saved.
    await waitFor(() => expect(container.textContent).toContain('Compensatory time: 20 min per hour'));
    expect(field.value).toBe('20');
    expect(getButton(form, 'Save').disabled).toBe(true);

    typeInto(field, '0');
    click(getButton(form, 'Save'));
    await waitFor(() => expect(accommodationBodies).toEqual([{ extraMinutesPerHour: 20 }, { extraMinutesPerHour: 0 }]));
    await waitFor(() => expect(container.textContent).not.toContain('Compensatory time: 20 min per hour'));
  });

  it.each(['61', '1.5', '-1', ''])('refuses %j on the device, saying what is allowed, and sends nothing', async (typed) => {
    listStatus = 200;
    await renderPage();
    const form = await formOf('Ravi Kumar');
    const field = form.querySelector('input')!;
    typeInto(field, typed);
    click(getButton(form, 'Save'));
    expect(form.textContent).toContain('Enter a whole number from 0 to 60.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 50));
    expect(accommodationBodies).toEqual([]);
  });

  it('says "Failed to fetch users" when the list cannot be fetched', async () => {
    listStatus = 500;
    await renderPage();
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch users'), { timeout: 8000 });
    expect(container.textContent).not.toContain('Ravi Kumar');
  }, 10_000);
});
