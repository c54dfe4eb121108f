import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPages, renderRoutes } from '@/testing/render';
import type { Viewer } from '../components/viewer-welcome';
import { HomePage } from './home-page';

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

function renderHome(viewer: Viewer | null) {
  return renderRoutes([{ path: '/', Component: () => <HomePage viewer={viewer} content={<p>Latest reading</p>} /> }], '/');
}

const links = () => [...page.container.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
const headings = () => [...page.container.querySelectorAll('h2')].map((h) => h.textContent);

describe('home page', () => {
  it('invites a visitor to register or sign in, and explains how it works', async () => {
    page = await renderHome(null);
    expect(links()).toEqual(expect.arrayContaining([['Create a free account', '/register'], ['I already have an account', '/login']]));
    expect(headings()).toContain('How it works');
    expect(page.container.querySelector('#welcome-title')).toBeNull();
    expect(page.container.textContent).toContain('Latest reading');
  });

  it('greets a signed-in candidate by name and asks for the rest of an incomplete profile', async () => {
    page = await renderHome({ name: 'Asha Verma', isCompleted: false, firstVisit: false });
    expect(page.container.querySelector('#welcome-title')?.textContent).toBe('Welcome back, Asha Verma');
    expect(links()).toContainEqual(['Finish your profile', '/profile']);
    expect(links().map(([, href]) => href)).not.toContain('/register');
    expect(headings()).not.toContain('How it works');
    expect(page.container.textContent).toContain('Latest reading');
  });

  it('links a complete profile without the prompt', async () => {
    page = await renderHome({ name: 'Asha Verma', isCompleted: true, firstVisit: false });
    expect(links()).toContainEqual(['View your profile', '/profile']);
    expect(page.container.textContent).not.toContain('Complete your profile');
  });
});
