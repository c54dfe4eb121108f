/** Limits shared by the server and the web client. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  shortTextMax: 100,
  loginFailuresBeforeLock: 5,
  loginFailureWindowMs: 15 * 60 * 1000,
} as const;

/** Application constants fixed by the original client (docs/PRODUCT.md §7). */
export const APP = {
  name: 'Abhyas',
  version: '1.23',
  toastDurationMs: 3000,
  isCompletedCookie: 'isCompleted',
  isCompletedCookieDays: 7,
  authTokenKey: 'authToken',
} as const;
