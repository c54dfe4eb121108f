import { APP, type AdminContest } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { contest, paidContest } from '@/testing/contest-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { user } from '@/testing/fixtures';
import { cleanUpPages, renderRoutes, typeInto, getByLabel, waitFor } from '@/testing/render';
import { AdminContestsPage } from './admin-contests-page';

let page: Awaited<ReturnType<typeof renderRoutes>>;
afterEach(cleanUpPages);

function admin(c: ReturnType<typeof contest>, overrides: Partial<AdminContest> = {}): AdminContest {
  return { ...c, published: true, cancelledAt: null, testTitle: `${c.title} paper`, entries: { confirmed: c.filledSeats, pending: 0 }, createdAt: c.startsAt, updatedAt: c.startsAt, ...overrides };
}

describe('the editor’s contests list', () => {
  it('lists every contest with its status, seats and entries, searches by title, and is linked from the editor’s sections', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const net = fakeApi({
      'GET /api/users/profile': () => ({ body: { user: user({ role: 'editor' }) } }),
      'GET /api/admin/contests': (request) => {
        const all = [admin(paidContest(), { entries: { confirmed: 38, pending: 2 } }), admin(contest({ status: 'draft' }), { published: false })];
        const q = request.query.get('q')?.toLowerCase() ?? '';
        const data = all.filter((c) => c.title.toLowerCase().includes(q));
        return { body: { data, total: data.length, page: 1, pageSize: 20 } };
      },
    });
    page = await renderRoutes([{ path: '/admin/contests', Component: AdminContestsPage }], '/admin/contests');
    await waitFor(() => expect(page.container.querySelectorAll('li h2')).toHaveLength(2));
    const first = page.container.querySelector('li')!.textContent ?? '';
    expect(first).toContain('Artificial Intelligence');
    expect(first).toContain('Upcoming');
    expect(first).toContain('₹999');
    expect(first).toContain('40/100 seats');
    expect(first).toContain('38 confirmed, 2 awaiting payment');
    expect(first).toContain('Test: Artificial Intelligence paper');
    expect(page.container.querySelectorAll('li')[1]?.textContent).toContain('Draft');
    expect(page.container.querySelector('li a')?.getAttribute('href')).toBe('/admin/contests/c-ai/edit');
    await waitFor(() => expect(page.container.querySelector('nav a[href="/admin/contests"]')?.textContent).toBe('Contests'));

    typeInto(getByLabel(page.container, 'Search by title'), 'web');
    await waitFor(() => expect([...page.container.querySelectorAll('li h2')].map((h) => h.textContent)).toEqual(['Web Development']));
    expect(net.calls('GET /api/admin/contests').at(-1)?.query.get('q')).toBe('web');
  });
});
