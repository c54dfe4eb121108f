import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocationStore } from './location-store';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; PERMISSION_DENIED: 1 }) => void;

const original = Object.getOwnPropertyDescriptor(globalThis.navigator, 'geolocation');
let calls = 0;

/** Gives the page a geolocation API that answers as a browser would. */
function browserAnswers(answer: (success: Success, failure: Failure) => void) {
  Object.defineProperty(globalThis.navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: Success, failure: Failure) => {
        calls += 1;
        answer(success, failure);
      },
    },
  });
}

beforeEach(() => {
  calls = 0;
  useLocationStore.setState({ position: { status: 'detecting' }, started: false });
});
afterEach(() => {
  if (original) Object.defineProperty(globalThis.navigator, 'geolocation', original);
  else Reflect.deleteProperty(globalThis.navigator, 'geolocation');
});

describe('the location store', () => {
  it('starts detecting, asks once, and keeps only a rounded position', () => {
    browserAnswers((success) => success({ coords: { latitude: 12.935_219, longitude: 77.624_61 } }));
    expect(useLocationStore.getState().position).toEqual({ status: 'detecting' });
    useLocationStore.getState().detect();
    useLocationStore.getState().detect();
    expect(calls).toBe(1);
    expect(useLocationStore.getState().position).toEqual({ status: 'located', lat: 12.935, lon: 77.625 });
  });

  it('tells a refused permission from a position that could not be found', () => {
    browserAnswers((_success, failure) => failure({ code: 1, PERMISSION_DENIED: 1 }));
    useLocationStore.getState().detect();
    expect(useLocationStore.getState().position).toEqual({ status: 'denied' });

    useLocationStore.setState({ position: { status: 'detecting' }, started: false });
    browserAnswers((_success, failure) => failure({ code: 3, PERMISSION_DENIED: 1 }));
    useLocationStore.getState().detect();
    expect(useLocationStore.getState().position).toEqual({ status: 'error' });
  });

  it('says when the browser has no geolocation at all', () => {
    Object.defineProperty(globalThis.navigator, 'geolocation', { configurable: true, value: undefined });
    useLocationStore.getState().detect();
    expect(useLocationStore.getState().position).toEqual({ status: 'unsupported' });
  });
});
