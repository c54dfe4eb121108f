import { DIRECT_REFERRER, TRACKING_TEXT_LIMITS, type TrackingRecord, type TrackingTextField } from '@abhyas/contracts';
import Bowser from 'bowser';
import { ensureVisitorId } from '@/lib/storage';

/** What some browsers add to `navigator` beyond the DOM typings. */
export type BrowserNavigator = Navigator & {
  deviceMemory?: number;
  globalPrivacyControl?: boolean;
  connection?: { effectiveType?: string; type?: string };
  userAgentData?: { platform?: string; getHighEntropyValues?: (hints: string[]) => Promise<Record<string, unknown>> };
  getBattery?: () => Promise<{ level: number; charging: boolean }>;
};

/** Facts about the device that do not change while the page is open. */
type DeviceFacts = Pick<
  TrackingRecord,
  | 'osName'
  | 'osVersion'
  | 'deviceType'
  | 'deviceModel'
  | 'deviceVendor'
  | 'cpuArchitecture'
  | 'gpuVendor'
  | 'gpuRenderer'
  | 'hardwareCores'
  | 'deviceMemory'
  | 'isTouchDevice'
  | 'browserName'
  | 'browserVersion'
  | 'userAgent'
  | 'platform'
  | 'screenResolution'
  | 'language'
  | 'timezone'
>;

/** A value cut to the characters the server keeps (the contracts' limits count code points), or null when empty. */
export function clip(field: TrackingTextField, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = [...value.trim()].slice(0, TRACKING_TEXT_LIMITS[field]).join('');
  return v === '' ? null : v;
}

const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function asksNotToBeTracked(nav: BrowserNavigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** The graphics card's vendor and renderer as WebGL reports them; nulls where WebGL is off. */
function readGpu(): { vendor: string | null; renderer: string | null } {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return { vendor: null, renderer: null };
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const found = {
      vendor: clip('gpuVendor', gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR)),
      renderer: clip('gpuRenderer', gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    };
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return found;
  } catch {
    return { vendor: null, renderer: null };
  }
}

async function readDeviceFacts(nav: BrowserNavigator): Promise<DeviceFacts> {
  const parsed = Bowser.parse(nav.userAgent);
  // Client hints (Chromium) know the architecture, the phone model and the real OS version.
  const hints = (await nav.userAgentData?.getHighEntropyValues?.(['architecture', 'model', 'platformVersion']).catch(() => undefined)) ?? {};
  const gpu = readGpu();
  return {
    osName: clip('osName', parsed.os.name),
    osVersion: clip('osVersion', hints.platformVersion || parsed.os.version),
    deviceType: clip('deviceType', parsed.platform.type ?? 'desktop'),
    deviceModel: clip('deviceModel', hints.model || parsed.platform.model),
    deviceVendor: clip('deviceVendor', parsed.platform.vendor),
    cpuArchitecture: clip('cpuArchitecture', hints.architecture),
    gpuVendor: gpu.vendor,
    gpuRenderer: gpu.renderer,
    hardwareCores: number(nav.hardwareConcurrency),
    deviceMemory: number(nav.deviceMemory),
    isTouchDevice: nav.maxTouchPoints > 0 || 'ontouchstart' in window,
    browserName: clip('browserName', parsed.browser.name),
    browserVersion: clip('browserVersion', parsed.browser.version),
    userAgent: clip('userAgent', nav.userAgent),
    platform: clip('platform', nav.userAgentData?.platform || nav.platform),
    screenResolution: clip('screenResolution', `${window.screen.width}x${window.screen.height}`),
    language: clip('language', nav.language),
    timezone: clip('timezone', Intl.DateTimeFormat().resolvedOptions().timeZone),
  };
}

let deviceFacts: Promise<DeviceFacts> | undefined;

async function readBattery(nav: BrowserNavigator): Promise<Pick<TrackingRecord, 'batteryLevel' | 'isCharging'>> {
  try {
    const battery = await nav.getBattery?.();
    return battery ? { batteryLevel: number(battery.level), isCharging: battery.charging } : {};
  } catch {
    return {};
  }
}

/**
 * The visitor tracking record for a page view (docs/PRODUCT.md §5.4), every text cut to the server's
 * limits. `ip` and the place fields are left null: the server derives them from the connection.
 * A browser asking not to be tracked sends only the page and the time, and gets no visitor id.
 */
export async function pageViewRecord(path: string, referrer: string, nav: BrowserNavigator = navigator): Promise<TrackingRecord> {
  const timestamp = new Date().toISOString();
  if (asksNotToBeTracked(nav)) return { path: clip('path', path) ?? '/', timestamp };
  deviceFacts ??= readDeviceFacts(nav);
  const [facts, battery] = await Promise.all([deviceFacts, readBattery(nav)]);
  const connection = nav.connection;
  return {
    visitorId: ensureVisitorId(),
    ip: null,
    city: null,
    region: null,
    country: null,
    org: null,
    isVpn: null,
    ...facts,
    referrer: clip('referrer', referrer) ?? DIRECT_REFERRER,
    networkType: clip('networkType', connection?.type ?? connection?.effectiveType),
    isWifi: connection?.type ? connection.type === 'wifi' : null,
    timestamp,
    ...battery,
    path: clip('path', path) ?? '/',
  };
}
