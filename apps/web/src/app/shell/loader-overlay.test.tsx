import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from '@/stores/shell-store';
import { LoaderOverlay } from './loader-overlay';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  useShellStore.setState({ loading: false });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('LoaderOverlay', () => {
  it('follows the shell store flag and is announced as a status', () => {
    act(() => root.render(<LoaderOverlay />));
    expect(container.querySelector('[role="status"]')).toBeNull();

    act(() => useShellStore.getState().setLoading(true));
    const status = container.querySelector('[role="status"]');
    expect(status?.getAttribute('aria-label')).toBe('Loading…');
    expect(status?.getAttribute('aria-live')).toBe('polite');

    act(() => useShellStore.getState().setLoading(false));
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});
