import { roundCoordinate } from '@abhyas/contracts';
import { create } from 'zustand';

/** Where the browser's position stands: asked for, refused, unavailable, or found (rounded). */
export type PositionState =
  | { status: 'detecting' }
  | { status: 'unsupported' }
  | { status: 'denied' }
  | { status: 'error' }
  | { status: 'located'; lat: number; lon: number };

interface LocationStore {
  position: PositionState;
  started: boolean;
  /** Asks the browser for its position once per page load; later calls do nothing. */
  detect: () => void;
}

/** A coarse, recent position is enough for a suburb and a PIN code, and spares the battery. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 10 * 60 * 1000, timeout: 20_000 };

/** The position part of the location facility, shared by the whole app. */
export const useLocationStore = create<LocationStore>()((set, get) => ({
  position: { status: 'detecting' },
  started: false,
  detect: () => {
    if (get().started) return;
    set({ started: true });
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      set({ position: { status: 'unsupported' } });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      // Rounded here (about 110 m), so a precise position never leaves the browser.
      ({ coords }) => set({ position: { status: 'located', lat: roundCoordinate(coords.latitude), lon: roundCoordinate(coords.longitude) } }),
      (error) => set({ position: { status: error.code === error.PERMISSION_DENIED ? 'denied' : 'error' } }),
      POSITION_OPTIONS,
    );
  },
}));
