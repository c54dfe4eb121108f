import { APP } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { contest, joined, paidContest } from '@/testing/contest-fixtures';
import { blogListItem, user } from '@/testing/fixtures';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { HomeRoute } from './home';

const routes = [{ path: '/', Component: HomeRoute }];

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

function api() {
  return fakeApi({
    'GET /api/users/profile': () => ({ body: { user: user({ name: 'Asha Verma', isCompleted: false, previousSignInAt: '2026-01-04T10:00:00.000Z' }) } }),
    'GET /public/allblogs': () => ({ body: { data: [blogListItem({ title: 'Exam day' })] } }),
    'GET /api/topics/all': () => ({ body: { data: [] } }),
    'GET /api/contests': () => ({ body: { upcoming: [contest(), paidContest()], live: [joined(contest({ id: 'c-design', slug: 'graphic-design', title: 'Graphic Design', icon: 'design' }))], past: [] } }),
  });
}

describe('the home route', () => {
  it('shows a visitor the sign-up page with the latest blogs, without asking for a profile', async () => {
    const net = api();
    page = await renderRoutes(routes, '/');
    await waitFor(() => expect(page.container.textContent).toContain('Exam day'));
    expect(page.container.textContent).toContain('Create a free account');
    expect(page.container.querySelector('#welcome-title')).toBeNull();
    expect(net.calls('GET /api/users/profile')).toHaveLength(0);
  });

  it('greets a signed-in candidate with the name from their profile', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-asha');
    const net = api();
    page = await renderRoutes(routes, '/');
    await waitFor(() => expect(page.container.querySelector('#welcome-title')?.textContent).toBe('Welcome back, Asha Verma'));
    expect(page.container.textContent).toContain('Finish your profile');
    expect(page.container.textContent).not.toContain('Create a free account');
    expect(net.calls('GET /api/users/profile')[0]?.headers.authorization).toBe('Bearer tok-asha');
  });

  it('shows the contests strip from the one contests store: the candidate’s live contests first', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-asha');
    const net = api();
    page = await renderRoutes(routes, '/');
    const titles = () => [...page.container.querySelectorAll('section[aria-labelledby="home-contests-title"] article h3')].map((h) => h.textContent);
    await waitFor(() => expect(titles()).toEqual(['Graphic Design', 'Web Development', 'Artificial Intelligence']));
    expect(page.container.querySelector('section[aria-labelledby="home-contests-title"] a[href="/contests"]')?.textContent).toBe('See all contests');
    expect(net.calls('GET /api/contests')).toHaveLength(1);
  });
});
