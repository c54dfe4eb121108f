import { APP } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type FakeHandler } from '@/testing/fake-api';
import { adminQuestion } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, getByLabel, openDialog, renderRoutes, waitFor } from '@/testing/render';
import { AdminQuestionsPage } from './admin-questions-page';

const routes = [{ path: '/admin/questions', Component: AdminQuestionsPage }];

const questions = [adminQuestion({ id: 'q1', stem: 'What is 2 + 2?' }), adminQuestion({ id: 'q2', stem: 'What is 3 + 3?', status: 'published' })];
const archived = [adminQuestion({ id: 'q7', stem: 'Which planet is largest?', status: 'archived' })];

function api(bulk: FakeHandler) {
  return fakeApi({
    'GET /api/admin/topics': () => ({ body: { data: [] } }),
    'GET /api/admin/questions': ({ query }) => {
      const data = query.get('status') === 'archived' ? archived : questions;
      return { body: { data, total: data.length, page: 1, pageSize: 20 } };
    },
    'POST /api/admin/questions/bulk': bulk,
  });
}

/** A question's checkbox, named by its stem. */
const checkbox = (scope: ParentNode, stem: string) => scope.querySelector<HTMLInputElement>(`input[aria-label="Select question: ${stem}"]`)!;

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

describe('question list bulk actions', () => {
  it('says before a delete that used questions are archived, and after it how many were', async () => {
    const net = api(() => ({ body: { affected: 5, archived: 2 } }));
    const success = vi.spyOn(toast, 'success');
    const page = await renderRoutes(routes, '/admin/questions');
    await waitFor(() => expect(page.container.textContent).toContain('What is 3 + 3?'));

    click(getByLabel(page.container, 'Select all on page'));
    click(getButton(page.container, 'Delete'));
    const confirm = await openDialog();
    expect(confirm.textContent).toContain('A question an attempt or practice session has used is archived instead of deleted');
    click(getButton(confirm, 'Delete'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions/bulk')).toHaveLength(1));
    expect(net.calls('POST /api/admin/questions/bulk')[0]?.body).toEqual({ ids: ['q1', 'q2'], action: 'delete' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Deleted 3 questions; 2 more were archived because attempts used them'));
  });

  it('shows the server’s refusal when a test still lists a question, and keeps the dialog', async () => {
    const message = 'A test lists one of these questions: take it out of the test first';
    api(() => apiError(409, 'CONFLICT', message));
    const failure = vi.spyOn(toast, 'error');
    const page = await renderRoutes(routes, '/admin/questions');
    await waitFor(() => expect(page.container.textContent).toContain('What is 2 + 2?'));

    click(checkbox(page.container, 'What is 2 + 2?'));
    click(getButton(page.container, 'Delete'));
    const confirm = await openDialog();
    click(getButton(confirm, 'Delete'));

    await waitFor(() => expect(failure).toHaveBeenCalledWith(message));
    expect(getButton(confirm, 'Cancel')).toBeDefined();
  });

  it('lists archived questions under their filter, with Restore as the one action', async () => {
    const net = api(() => ({ body: { affected: 1, archived: 0 } }));
    const success = vi.spyOn(toast, 'success');
    const page = await renderRoutes(routes, '/admin/questions?status=archived');
    const { container } = page;
    await waitFor(() => expect(container.textContent).toContain('Which planet is largest?'));

    expect([...getByLabel<HTMLSelectElement>(container, 'Status').options].map((o) => o.text)).toEqual(['Any', 'Draft', 'Published', 'Archived']);
    expect(container.querySelector('li')?.textContent).toContain('Archived');
    expect(container.textContent).toContain('Restore brings them back as drafts.');
    const actions = container.querySelector('[role="group"][aria-label="Selected questions"]');
    expect([...(actions?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['Restore']);

    click(checkbox(container, 'Which planet is largest?'));
    click(getButton(container, 'Restore'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions/bulk')[0]?.body).toEqual({ ids: ['q7'], action: 'restore' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Restored 1 question as a draft'));
  });
});
