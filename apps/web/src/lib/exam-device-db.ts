import { createStore, type UseStore } from 'idb-keyval';

let store: UseStore | null = null;

/**
 * The IndexedDB store the exam screen keeps on this device: each attempt's queue of saves
 * (`attempt:<id>`) and the last copy of each open attempt (`copy:<id>`). Null where IndexedDB is
 * missing or refused (some private windows).
 */
export function examDeviceDb(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    store ??= createStore('abhyas-exam', 'attempts');
    return store;
  } catch {
    return null;
  }
}
