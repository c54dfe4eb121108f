import { create } from 'zustand';

interface ShellState {
  /** Drives the global loader overlay (docs/PRODUCT.md §3: one global flag). */
  loading: boolean;
  setLoading: (loading: boolean) => void;
}

/** Shell state shared by the whole app: the loader overlay flag. */
export const useShellStore = create<ShellState>()((set) => ({
  loading: false,
  setLoading: (loading) => set({ loading }),
}));
