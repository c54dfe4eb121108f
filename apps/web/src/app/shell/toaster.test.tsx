import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { Toaster } from './toaster';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function until(found: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !found(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(found()).toBe(true);
}

describe('Toaster', () => {
  it('loads the toast area with the first toast, shows the toasts asked for meanwhile, and later ones at once', async () => {
    act(() => root.render(<Toaster />));
    expect(container.innerHTML).toBe('');
    act(() => {
      toast.success('Saved');
      toast.error('Could not publish');
    });
    await until(() => document.body.textContent.includes('Could not publish'));
    expect(document.body.textContent).toContain('Saved');
    act(() => toast.success('Published'));
    await until(() => document.body.textContent.includes('Published'));
    // In the app's type, whose first face draws Devanagari, not the system fonts sonner would set.
    expect(document.querySelector<HTMLElement>('[data-sonner-toaster]')!.style.fontFamily).toBe('var(--font-sans)');
  });
});
