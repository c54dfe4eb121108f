import { APP } from '@abhyas/contracts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { english } from '@/i18n/en';
import { contest, joined, paidContest } from '@/testing/contest-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { blogListItem, user } from '@/testing/fixtures';
import { waitFor } from '@/testing/render';

vi.mock('@/features/tracking/api/send-page-view', () => ({ trackPageView: async () => undefined }));

const everyKey = (
  await Promise.all(Object.values(english).map(async (entry) => Object.keys(typeof entry === 'function' ? (await entry()).default : entry)))
).flat();

/** The catalogues the app asked the loader map for, in order; a catalogue named in `held` waits for it. */
let loaded: string[] = [];
let held: Record<string, Promise<void>> = {};

// Each test gets a fresh app, whose loader map records what it loads and has loaded nothing yet.
beforeEach(() => {
  loaded = [];
  held = {};
  vi.resetModules();
  vi.doMock('@/i18n/en', async (importOriginal) => {
    const original = (await importOriginal<{ english: Record<string, unknown> }>()).english;
    const recorded = Object.fromEntries(
      Object.entries(original).map(([name, entry]) => [
        name,
        typeof entry === 'function'
          ? async () => {
              loaded.push(name);
              await held[name];
              return (entry as () => Promise<unknown>)();
            }
          : entry,
      ]),
    );
    return { english: recorded };
  });
});

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.doUnmock('@/i18n/en');
});

async function renderApp(url: string) {
  const { routes } = await import('./router');
  const { renderRoutes } = await import('@/testing/render');
  const page = await renderRoutes(routes, url);
  unmount = page.unmount;
  return page;
}

/** Message keys showing in the page instead of their words, in its text or its labels. */
function rawKeys(container: HTMLElement): string[] {
  const shown = [container.textContent ?? '', ...[...container.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('placeholder')])].join('\n');
  return everyKey.filter((key) => shown.includes(key));
}

function homeApi() {
  fakeApi({
    'GET /api/users/profile': () => ({ body: { user: user({ name: 'Asha Verma' }) } }),
    'GET /public/allblogs': () => ({ body: { data: [blogListItem({ title: 'Exam day' })] } }),
    'GET /api/topics/all': () => ({ body: { data: [] } }),
    'GET /api/contests': () => ({ body: { upcoming: [contest(), paidContest()], live: [joined(contest({ id: 'c-live', slug: 'live', title: 'Live one' }))], past: [] } }),
  });
}

describe('the home page', () => {
  it.each([
    ['a visitor', null],
    ['a signed-in candidate', 'tok-asha'],
  ])('shows %s its words, loading only the contests strip’s catalogue', async (_who, token) => {
    if (token) localStorage.setItem(APP.authTokenKey, token);
    homeApi();
    const page = await renderApp('/');
    await waitFor(() => expect(page.container.textContent).toContain('Exam day'));
    await waitFor(() => expect(page.container.querySelectorAll('section[aria-labelledby="home-contests-title"] article')).toHaveLength(3));
    if (token) await waitFor(() => expect(page.container.querySelector('header a[href="/contests"]')?.textContent).toContain('1 of your contests starts within 24 hours'));
    expect(loaded).toEqual(['contests']);
    expect(rawKeys(page.container)).toEqual([]);
  });
});

describe('a lazily loaded page', () => {
  it('renders once its feature’s words are in, never with raw keys', async () => {
    let release = () => {};
    held.blogs = new Promise((resolve) => (release = resolve));
    fakeApi({ 'GET /public/allblogs': () => ({ body: { data: [blogListItem({ title: 'Exam day' })] } }) });
    const page = await renderApp('/blogs');
    await import('@/features/blogs/routes/blogs-page');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loaded).toEqual(['blogs']);
    expect(page.container.querySelector('h1')).toBeNull();
    expect(page.container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading page');

    release();
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Blogs'));
    await waitFor(() => expect(page.container.textContent).toContain('Exam day'));
    expect(rawKeys(page.container)).toEqual([]);
  });
});
