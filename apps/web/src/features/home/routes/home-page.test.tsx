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

  it('leads a candidate to practice, mock tests and contests', async () => {
    page = await renderHome({ name: 'Asha Verma', isCompleted: true, firstVisit: false });
    expect(links()).toEqual(expect.arrayContaining([['Start practising', '/practice'], ['Take a mock test', '/tests'], ['See mock tests', '/tests']]));
    const cards = [...page.container.querySelectorAll('section[aria-labelledby="features-title"] > ul > li')].map((li) => [li.querySelector('h3')?.textContent, li.querySelector('a')?.getAttribute('href') ?? null, li.textContent?.includes('Coming soon')]);
    expect(cards).toEqual([
      ['Practice MCQs', '/practice', false],
      ['Mock tests', '/tests', false],
      ['Contests', '/contests', false],
    ]);
  });

  it('shows a visitor the way into practice and mock tests beside signing up', async () => {
    page = await renderHome(null);
    const hero = page.container.querySelector('[aria-labelledby="hero-title"]')!;
    const heroLinks = [...hero.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(heroLinks).toEqual([
      ['Create a free account', '/register'],
      ['I already have an account', '/login'],
      ['Start practising', '/practice'],
      ['Take a mock test', '/tests'],
    ]);
  });

  it('links a complete profile without the prompt', async () => {
    page = await renderHome({ name: 'Asha Verma', isCompleted: true, firstVisit: false });
    expect(links()).toContainEqual(['View your profile', '/profile']);
    expect(page.container.textContent).not.toContain('Complete your profile');
  });
});
