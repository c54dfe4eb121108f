import { APP } from '@abhyas/contracts';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminTest } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, waitFor } from '@/testing/render';
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

  it('deletes after confirmation and shows why a test with attempts stays', async () => {
    const net = fakeApi({
      'GET /api/admin/tests': () => ({ body: { data: tests, total: 2, page: 1, pageSize: 20 } }),
      'DELETE /api/admin/tests/t1': () => apiError(409, 'CONFLICT', 'Candidates have 3 attempts at this test; unpublish it instead, so their results stay'),
    });
    const errorToast = vi.spyOn(toast, 'error');
    const page = await renderRoutes(routes, '/admin/tests');
    await waitFor(() => expect(page.container.textContent).toContain('SSC mock 1'));
    click(getButton(page.container, 'Delete SSC mock 1'));
    const dialog = await waitFor(() => {
      const found = document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    click(getButton(dialog, 'Delete'));
    await waitFor(() => expect(net.calls('DELETE /api/admin/tests/t1')).toHaveLength(1));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Candidates have 3 attempts at this test; unpublish it instead, so their results stay'));
    // The dialog stays, so the editor can cancel.
    expect(getButton(dialog, 'Cancel')).toBeDefined();
    errorToast.mockRestore();
  });
});
