import { APP } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminTest } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, getByLabel, openDialog, renderRoutes, selectOption, waitFor } from '@/testing/render';
import { AdminTestsPage } from './admin-tests-page';

const routes = [{ path: '/admin/tests', Component: AdminTestsPage }];

const tests = [adminTest({ id: 't1', title: 'SSC mock 1', status: 'published' }), adminTest({ id: 't2', title: 'Daily quiz', status: 'draft' })];

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

describe('tests list page', () => {
  it('lists tests with their status and publishes a draft', async () => {
    const net = fakeApi({
      'GET /api/admin/tests': () => ({ body: { data: tests, total: 2, page: 1, pageSize: 20 } }),
      'POST /api/admin/tests/t2/publish': () => ({ body: { data: { ...tests[1], status: 'published' } } }),
    });
    const page = await renderRoutes(routes, '/admin/tests');
    const { container } = page;
    await waitFor(() => expect(container.textContent).toContain('Daily quiz'));
    const rows = [...container.querySelectorAll('li')];
    expect(rows[0]?.textContent).toContain('Published');
    expect(rows[1]?.textContent).toContain('Draft');
    expect(container.querySelector('a[href="/admin/tests/t1/edit"]')).not.toBeNull();
    expect(container.querySelector('a[href="/admin/tests/t1/stats"]')?.textContent).toBe('Item analysis SSC mock 1');

    click(getButton(container, 'Publish Daily quiz'));
    await waitFor(() => expect(net.calls('POST /api/admin/tests/t2/publish')).toHaveLength(1));
  });

  it('filters by status through the address bar and says when nothing matches', async () => {
    const net = fakeApi({ 'GET /api/admin/tests': () => ({ body: { data: [], total: 0, page: 1, pageSize: 20 } }) });
    const page = await renderRoutes(routes, '/admin/tests?search=mock');
    await waitFor(() => expect(page.container.textContent).toContain('No test matches these filters.'));
    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Status'), 'draft');
    await waitFor(() => expect(page.router.state.location.search).toBe('?search=mock&status=draft'));
    await waitFor(() => expect(Object.fromEntries(net.calls('GET /api/admin/tests').at(-1)!.query)).toEqual({ search: 'mock', status: 'draft', page: '1', pageSize: '20' }));
  });

  it('says before a delete that an attempted test is archived, and which it was after', async () => {
    const net = fakeApi({
      'GET /api/admin/tests': () => ({ body: { data: tests, total: 2, page: 1, pageSize: 20 } }),
      'DELETE /api/admin/tests/t1': () => ({ body: { outcome: 'archived' } }),
      'DELETE /api/admin/tests/t2': () => ({ body: { outcome: 'deleted' } }),
    });
    const success = vi.spyOn(toast, 'success');
    const page = await renderRoutes(routes, '/admin/tests');
    await waitFor(() => expect(page.container.textContent).toContain('SSC mock 1'));

    click(getButton(page.container, 'Delete SSC mock 1'));
    const confirm = await openDialog();
    expect(confirm.textContent).toContain('One candidates have attempted is archived instead: out of every list and closed to new attempts, with its attempts and results kept.');
    click(getButton(confirm, 'Delete'));
    await waitFor(() => expect(net.calls('DELETE /api/admin/tests/t1')).toHaveLength(1));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Archived: candidates have attempted this test, so it is kept with their attempts and results. Restore brings it back as a draft.'));

    click(getButton(page.container, 'Delete Daily quiz'));
    click(getButton(await openDialog(), 'Delete'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Deleted'));
  });

  it('shows the server’s refusal, and keeps the dialog so the editor can cancel', async () => {
    const message = 'A contest runs this test: delete or move the contest first';
    const net = fakeApi({
      'GET /api/admin/tests': () => ({ body: { data: tests, total: 2, page: 1, pageSize: 20 } }),
      'DELETE /api/admin/tests/t1': () => apiError(409, 'CONFLICT', message),
    });
    const errorToast = vi.spyOn(toast, 'error');
    const page = await renderRoutes(routes, '/admin/tests');
    await waitFor(() => expect(page.container.textContent).toContain('SSC mock 1'));
    click(getButton(page.container, 'Delete SSC mock 1'));
    const confirm = await openDialog();
    click(getButton(confirm, 'Delete'));
    await waitFor(() => expect(net.calls('DELETE /api/admin/tests/t1')).toHaveLength(1));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
    expect(getButton(confirm, 'Cancel')).toBeDefined();
  });

  it('lists archived tests under their filter, each with Restore back to the drafts and no Delete', async () => {
    const net = fakeApi({
      'GET /api/admin/tests': () => ({ body: { data: [adminTest({ id: 't9', title: 'Old mock', status: 'archived' })], total: 1, page: 1, pageSize: 20 } }),
      'POST /api/admin/tests/t9/unpublish': () => ({ body: { data: adminTest({ id: 't9', title: 'Old mock', status: 'draft' }) } }),
    });
    const page = await renderRoutes(routes, '/admin/tests?status=archived');
    const { container } = page;
    await waitFor(() => expect(container.textContent).toContain('Old mock'));

    expect(Object.fromEntries(net.calls('GET /api/admin/tests')[0]!.query)).toMatchObject({ status: 'archived' });
    const status = getByLabel<HTMLSelectElement>(container, 'Status');
    expect(status.value).toBe('archived');
    expect([...status.options].map((o) => o.text)).toEqual(['Any', 'Draft', 'Published', 'Archived']);
    const row = container.querySelector('li')!;
    expect(row.textContent).toContain('Archived');
    expect(() => getButton(row, 'Delete Old mock')).toThrow();

    click(getButton(row, 'Restore Old mock'));
    await waitFor(() => expect(net.calls('POST /api/admin/tests/t9/unpublish')).toHaveLength(1));
  });
});
