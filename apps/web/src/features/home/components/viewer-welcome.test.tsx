import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { ViewerWelcome, type Viewer } from './viewer-welcome';

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
});

async function heading(viewer: Viewer): Promise<string | null | undefined> {
  page?.unmount();
  page = await renderRoutes([{ path: '/', element: <ViewerWelcome viewer={viewer} /> }], '/');
  return page.container.querySelector('h2')?.textContent;
}

describe('ViewerWelcome', () => {
  it('greets a first visit as a first visit, and a return as a return', async () => {
    expect(await heading({ name: 'Asha', isCompleted: false, firstVisit: true })).toBe('Welcome to Abhyas, Asha');
    expect(await heading({ name: 'Asha', isCompleted: true, firstVisit: false })).toBe('Welcome back, Asha');
  });

  it('names no one while the profile is loading', async () => {
    expect(await heading({ name: null, isCompleted: null, firstVisit: null })).toBe('Account');
  });
});
