import { APP, type AuditEvent } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '@/testing/fake-api';
import { click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { AdminAuditPage } from './admin-audit-page';

const roleChange: AuditEvent = {
  id: 'e1',
  at: '2026-11-26T04:30:05.000Z',
  actor: { id: 'a1', name: 'Asha Admin', email: 'asha@example.com', role: 'admin' },
  kind: 'user.role_changed',
  object: { type: 'user', id: 'u7', label: 'ravi@example.com' },
  before: { role: 'candidate' },
  after: { role: 'editor' },
  requestId: '6f1c2a7e-0000-4000-8000-000000000001',
};
const byServer: AuditEvent = { ...roleChange, id: 'e2', actor: null, kind: 'contest.finalized', object: { type: 'contest', id: 'c1', label: 'Quant Sprint' }, before: null, after: null, requestId: null };

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'admin-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

function api() {
  return fakeApi({
    'GET /api/admin/audit': () => ({ body: { data: [roleChange, byServer], total: 2, page: 1, pageSize: 50 } }),
  });
}
const lastQuery = (net: ReturnType<typeof api>) => Object.fromEntries((net.calls('GET /api/admin/audit').at(-1) as FakeRequest).query);

describe('the audit trail page', () => {
  it('shows each record: when, who, the change to which object, before and after, and its request', async () => {
    api();
    page = await renderRoutes([{ path: '/admin/audit', Component: AdminAuditPage }], '/admin/audit');
    const text = await waitFor(() => {
      const shown = page!.container.textContent ?? '';
      expect(shown).toContain('Records found: 2');
      return shown;
    });
    expect(text).toContain('Records found: 2');
    expect(text).toContain('Asha Admin');
    expect(text).toContain('asha@example.com · Admin');
    expect(text).toContain('Account: ravi@example.com');
    expect(text).toContain('role: candidate → editor');
    expect(text).toContain('Request 6f1c2a7e-0000-4000-8000-000000000001');
    expect(text).toContain('Abhyas (the server)');
    expect(text).toContain('Contest results made final');
    expect(page.container.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-26T04:30:05.000Z');
  });

  it('sends the filters, days as instants in the viewer’s zone, and narrows to one object from a record', async () => {
    const net = api();
    page = await renderRoutes([{ path: '/admin/audit', Component: AdminAuditPage }], '/admin/audit?from=2026-11-20&to=2026-11-26');
    await waitFor(() => expect(net.calls('GET /api/admin/audit')).toHaveLength(1));
    expect(lastQuery(net)).toEqual({ from: new Date(2026, 10, 20).toISOString(), to: new Date(2026, 10, 27).toISOString(), page: '1', pageSize: '50' });

    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Change'), 'user.role_changed');
    await waitFor(() => expect(lastQuery(net).kind).toBe('user.role_changed'));
    typeInto(getByLabel(page.container, 'Who'), 'asha');
    await waitFor(() => expect(lastQuery(net).actor).toBe('asha'));

    await waitFor(() => expect(page!.container.textContent).toContain('Role changed'));
    click(page.container.querySelectorAll<HTMLButtonElement>('li button')[0]!);
    await waitFor(() => expect(lastQuery(net)).toMatchObject({ objectType: 'user', objectId: 'u7', kind: 'user.role_changed', actor: 'asha' }));
    expect(getByLabel(page.container, 'Object id').value).toBe('u7');
  });

  it('exports what the filters match, without the page', async () => {
    const net = fakeApi({
      'GET /api/admin/audit': () => ({ body: { data: [roleChange], total: 1, page: 1, pageSize: 50 } }),
      'GET /api/admin/audit/export': () => ({ body: 'at,actor_name' }),
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:audit', revokeObjectURL: () => saved.push('revoked') }));
    page = await renderRoutes([{ path: '/admin/audit', Component: AdminAuditPage }], '/admin/audit?kind=user.role_changed&page=2');
    click(await waitFor(() => getButton(page!.container, 'Export CSV')));
    await waitFor(() => expect(net.calls('GET /api/admin/audit/export')).toHaveLength(1));
    expect(Object.fromEntries(net.calls('GET /api/admin/audit/export')[0]!.query)).toEqual({ kind: 'user.role_changed' });
  });
});
