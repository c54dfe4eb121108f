import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/index.js';
import { deleteTrustedDevice, deleteUserTrustedDevices, insertTrustedDevice, isTrustedDevice } from './trusted-devices.repo.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a cookie naming that account, a random nonce and an HMAC over both.
 * Its sign-in failures count against that cookie alone, so failures from elsewhere never lock the
 * owner's own browser out (docs/PRODUCT.md §8.1).
 */

/** How long a browser stays trusted after its last sign-in. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** One cookie per account, so a shared phone stays trusted for each account signed in on it. */
export const deviceCookieName = (userId: string) => `abhyas_device_${userId}`;

export type DeviceCookie = { name: string; value: string };

export type DeviceKeys = {
  sign: (userId: string, nonce: string) => string;
  /** The nonce of a cookie value signed for this user, or null for anything else. */
  nonceFrom: (userId: string, value: string | undefined) => string | null;
};

const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The key is derived from the JWT secret under its own label, so one secret serves both without reuse. */
export function createDeviceKeys(jwtSecret: string): DeviceKeys {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'abhyas device cookie', 32));
  const mac = (userId: string, nonce: string) => createHmac('sha256', key).update(`${userId}#${nonce}`).digest();
  return {
    sign: (userId, nonce) => `${nonce}.${mac(userId, nonce).toString('base64url')}`,
    nonceFrom(userId, value) {
      const match = value ? VALUE.exec(value) : null;
      if (!match) return null;
      const [, nonce, signature] = match as unknown as [string, string, string];
      return timingSafeEqual(Buffer.from(signature, 'base64url'), mac(userId, nonce)) ? nonce : null;
    },
  };
}

/** The trusted device this request signs in from: a well-signed cookie for the user naming a device not revoked. */
export async function trustedDeviceOf(db: Executor, keys: DeviceKeys, userId: string, cookies: Record<string, string>, now: number): Promise<string | null> {
  const nonce = keys.nonceFrom(userId, cookies[deviceCookieName(userId)]);
  if (!nonce) return null;
  return (await isTrustedDevice(db, nonce, userId, now - DEVICE_TTL_MS)) ? nonce : null;
}

/** Trusts the browser that just signed in, with a new cookie; the one it presented, if any, is retired. */
export async function trustDevice(db: Executor, keys: DeviceKeys, userId: string, now: number, replacing: string | null = null): Promise<DeviceCookie> {
  if (replacing) await deleteTrustedDevice(db, replacing);
  const nonce = randomBytes(16).toString('base64url');
  await insertTrustedDevice(db, { id: nonce, user_id: userId, created_at: now });
  return { name: deviceCookieName(userId), value: keys.sign(userId, nonce) };
}

/** Every device cookie issued to the user stops counting as trusted. */
export const revokeDevices = (db: Executor, userId: string) => deleteUserTrustedDevices(db, userId);
