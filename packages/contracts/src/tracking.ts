import { z } from 'zod';

/**
 * The longest text the server keeps for each field of the visitor tracking record (docs/PRODUCT.md §5.4),
 * in characters (Unicode code points, as zod counts them). The web client clips to the same lengths before sending, so a real browser never
 * goes over them; a longer value is refused.
 */
export const TRACKING_TEXT_LIMITS = {
  visitorId: 64,
  ip: 45,
  city: 100,
  region: 100,
  country: 100,
  org: 200,
  osName: 64,
  osVersion: 32,
  deviceType: 32,
  deviceModel: 64,
  deviceVendor: 64,
  cpuArchitecture: 32,
  gpuVendor: 128,
  gpuRenderer: 256,
  browserName: 64,
  browserVersion: 32,
  userAgent: 512,
  platform: 64,
  screenResolution: 32,
  language: 35,
  timezone: 64,
  referrer: 512,
  networkType: 16,
  timestamp: 40,
  path: 512,
} as const;
export type TrackingTextField = keyof typeof TRACKING_TEXT_LIMITS;

/** Largest tracking body accepted (413 above): a record with every field at its limit fits. */
export const TRACKING_BODY_MAX_BYTES = 8 * 1024;

/** The value the original client sends as `referrer` when there is none (docs/PRODUCT.md §5.4). */
export const DIRECT_REFERRER = 'Direct';

const LABELS: Record<TrackingTextField, string> = {
  visitorId: 'Visitor id',
  ip: 'IP',
  city: 'City',
  region: 'Region',
  country: 'Country',
  org: 'Organisation',
  osName: 'OS name',
  osVersion: 'OS version',
  deviceType: 'Device type',
  deviceModel: 'Device model',
  deviceVendor: 'Device vendor',
  cpuArchitecture: 'CPU architecture',
  gpuVendor: 'GPU vendor',
  gpuRenderer: 'GPU renderer',
  browserName: 'Browser name',
  browserVersion: 'Browser version',
  userAgent: 'User agent',
  platform: 'Platform',
  screenResolution: 'Screen resolution',
  language: 'Language',
  timezone: 'Time zone',
  referrer: 'Referrer',
  networkType: 'Network type',
  timestamp: 'Timestamp',
  path: 'Path',
};

const text = (field: TrackingTextField) => {
  const max = TRACKING_TEXT_LIMITS[field];
  return z
    .string({ error: `${LABELS[field]} must be text` })
    .trim()
    .max(max, { error: `${LABELS[field]} must be at most ${max} characters` });
};
const optionalText = (field: TrackingTextField) => text(field).nullable().optional();
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` }).nullable().optional();
const amount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} must be at most ${max}` })
    .nullable()
    .optional();

/**
 * The visitor tracking record (docs/PRODUCT.md §5.4) and the page path, as `POST /public/trackUser`
 * receives it. Every field may be missing or null (a browser does not know them all, and the
 * original client's record has no path: the server then reads it from a same-site `Referer`);
 * unknown fields are dropped. `ip`, `city`, `region`, `country`, `org` and `isVpn` are accepted
 * for the original client's sake but never trusted: the server derives them from the connection.
 */
export const trackingRecordSchema = z.object(
  {
    path: text('path').startsWith('/', { error: 'Path must start with /' }).nullable().optional(),
    visitorId: optionalText('visitorId'),
    ip: optionalText('ip'),
    city: optionalText('city'),
    region: optionalText('region'),
    country: optionalText('country'),
    org: optionalText('org'),
    isVpn: flag('isVpn'),
    osName: optionalText('osName'),
    osVersion: optionalText('osVersion'),
    deviceType: optionalText('deviceType'),
    deviceModel: optionalText('deviceModel'),
    deviceVendor: optionalText('deviceVendor'),
    cpuArchitecture: optionalText('cpuArchitecture'),
    gpuVendor: optionalText('gpuVendor'),
    gpuRenderer: optionalText('gpuRenderer'),
    hardwareCores: z
      .number({ error: 'Hardware cores must be a number' })
      .int({ error: 'Hardware cores must be a whole number' })
      .min(0, { error: 'Hardware cores cannot be negative' })
      .max(1024, { error: 'Hardware cores must be at most 1024' })
      .nullable()
      .optional(),
    deviceMemory: amount('Device memory', 1024),
    isTouchDevice: flag('isTouchDevice'),
    browserName: optionalText('browserName'),
    browserVersion: optionalText('browserVersion'),
    userAgent: optionalText('userAgent'),
    platform: optionalText('platform'),
    screenResolution: optionalText('screenResolution'),
    language: optionalText('language'),
    timezone: optionalText('timezone'),
    referrer: optionalText('referrer'),
    networkType: optionalText('networkType'),
    isWifi: flag('isWifi'),
    /** The browser's clock when the page loaded (ISO 8601 or epoch ms); the server's clock decides the day. */
    timestamp: z.union([text('timestamp'), z.number({ error: 'Timestamp must be text or a number' })], { error: 'Timestamp must be text or a number' }).nullable().optional(),
    batteryLevel: amount('Battery level', 1),
    isCharging: flag('isCharging'),
  },
);
export type TrackingRecord = z.input<typeof trackingRecordSchema>;
export type TrackingRecordParsed = z.output<typeof trackingRecordSchema>;
