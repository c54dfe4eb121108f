import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';

/*
 * The app's toasts, with sonner loaded on the first one: no first page shows a toast, and sonner is
 * a tenth of the JavaScript a page downloads. A toast asked for before sonner is in waits and shows
 * as soon as the toast area listens.
 */

type Kind = 'success' | 'error';
type Sonner = typeof SonnerModule;

let sonner: Sonner | null = null;
let waiting: { kind: Kind; message: string }[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string): void {
  if (sonner) {
    sonner.toast[kind](message);
    return;
  }
  waiting.push({ kind, message });
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Shows a toast: a success or an error, closing by itself (docs/PRODUCT.md §3). */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been asked for: the shell mounts the toast area, loading sonner, from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => wanted);
}

/** The toast area listens: the toasts that waited for it show now, and later ones at once. */
export function toastAreaReady(loaded: Sonner): void {
  sonner = loaded;
  const shown = waiting;
  waiting = [];
  for (const { kind, message } of shown) loaded.toast[kind](message);
}
