import { beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from './shell-store';

beforeEach(() => useShellStore.setState({ loading: false }));

describe('useShellStore', () => {
  it('starts with the loader hidden', () => {
    expect(useShellStore.getState().loading).toBe(false);
  });

  it('shows and hides the loader through one flag', () => {
    useShellStore.getState().setLoading(true);
    expect(useShellStore.getState().loading).toBe(true);
    useShellStore.getState().setLoading(false);
    expect(useShellStore.getState().loading).toBe(false);
  });
});
