import { APP } from '@abhyas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contest, joined, paidContest } from '@/testing/contest-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { renderRoutes, waitFor } from '@/testing/render';
import { routes } from './router';

// The shell records each page view once the browser is idle, possibly after a test has ended and
// its fake API is gone: here the record stays on the device.
vi.mock('@/features/tracking/api/send-page-view', () => ({ trackPageView: async () => undefined }));

const user = (role: string) => ({
  id: `u-${role}`,
  name: 'Asha',
  email: `${role}@example.com`,
  role,
  phone: '9876543210',
  city: null,
  state: null,
  pincode: '411001',
  targetExam: 'SSC CGL',
  education: null,
  dateOfBirth: null,
  gender: null,
  preferredLanguage: 'en',
  extraMinutesPerHour: 0,
  isCompleted: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  previousSignInAt: null,
});

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

function signedInAs(role: string) {
  localStorage.setItem(APP.authTokenKey, `token-${role}`);
  fakeApi({
    'GET /api/users/profile': () => ({ body: { user: user(role) } }),
    'GET /api/admin/blogs': () => ({ body: { data: [] } }),
  });
}

describe('/admin', () => {
  it('shows a candidate the no-access page, with no warning about an empty route', async () => {
    const warn = vi.spyOn(console, 'warn');
    signedInAs('candidate');
    page = await renderRoutes(routes, '/admin');
    await waitFor(() => expect(page!.container.querySelector('h1')?.textContent).toBe('You do not have access'));
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/does not have an element or Component/);
    expect(page.router.state.location.pathname).toBe('/admin');
  });

  it('takes an editor to the first admin page', async () => {
    const warn = vi.spyOn(console, 'warn');
    signedInAs('editor');
    page = await renderRoutes(routes, '/admin');
    await waitFor(() => expect(page!.router.state.location.pathname).toBe('/admin/blogs'));
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/does not have an element or Component/);
  });
});

describe('/contests', () => {
  it('loads the contests page with its words, and the header counts the joined contests starting within 24 hours', async () => {
    localStorage.setItem(APP.authTokenKey, 'token-candidate');
    const soon = joined(contest({ startsAt: new Date(Date.now() + 2 * 3600_000).toISOString() }));
    const later = joined(paidContest());
    fakeApi({
      'GET /api/users/profile': () => ({ body: { user: user('candidate') } }),
      'GET /api/contests': () => ({ body: { upcoming: [], live: [soon, later], past: [] } }),
    });
    page = await renderRoutes(routes, '/contests?tab=live');
    await waitFor(() => expect(page!.container.querySelector('h1')?.textContent).toBe('Contests'));
    await waitFor(() => expect(page!.container.querySelectorAll('article')).toHaveLength(2));
    await waitFor(() => expect([...page!.container.querySelectorAll('header a[href="/contests"]')].map((a) => a.textContent)).toContain('Contests11 of your contests starts within 24 hours'));
    expect(page.container.querySelector('header button[aria-expanded]')?.textContent).toContain('1 of your contests starts within 24 hours');
  });
});

describe('/notices', () => {
  it('loads the notices page with its words, and the header’s bell and the phone menu count the unread ones', async () => {
    localStorage.setItem(APP.authTokenKey, 'token-candidate');
    const at = '2026-11-02T00:00:00.000Z';
    fakeApi({
      'GET /api/users/profile': () => ({ body: { user: user('candidate') } }),
      'GET /api/me/notices': () => ({
        body: {
          data: [
            { id: 'n1', kind: 'report_answered', params: { excerpt: 'What is 2 + 2?', resolution: 'fixed', reply: 'Corrected.' }, link: null, createdAt: at, readAt: null },
            { id: 'n2', kind: 'challenge_answered', params: { test: 'Mock 1', question: null, resolution: 'kept', reply: 'The key is right.' }, link: null, createdAt: at, readAt: null },
          ],
          unread: 2,
        },
      }),
    });
    page = await renderRoutes(routes, '/notices');
    await waitFor(() => expect(page!.container.querySelector('h1')?.textContent).toBe('Notices'));
    await waitFor(() => expect([...page!.container.querySelectorAll('header a[href="/notices"]')].map((a) => a.getAttribute('aria-label'))).toEqual(['Notices, 2 unread', 'Notices, 2 unread']));
    expect(page.container.querySelector('header button[aria-expanded]')?.textContent).toContain('Notices, 2 unread');
    expect(page.container.querySelector('main')?.textContent).toContain('Your challenge in Mock 1 was answered: the key was checked and stays as it was.');
  });
});
