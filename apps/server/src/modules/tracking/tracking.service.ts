import { DIRECT_REFERRER, TRACKING_TEXT_LIMITS, type TrackingRecordParsed } from '@abhyas/contracts';
import { isbot } from 'isbot';
import type { NewPageViewRow } from './tracking.table.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { firstCharacters, storableText } from '../../lib/text.js';
import { isMinor } from '../../lib/age.js';
import type { UserRow } from '../users/users.service.js';
import type { PageViewRecorder } from './page-view-recorder.js';

/** What the connection says about a page view, beside the record the browser sent. */
export type PageViewRequest = {
  /** The client's address, as Fastify derives it (honouring TRUST_PROXY). */
  ip: string;
  userAgent: string | undefined;
  /** The Host header: a referrer on this host is a navigation inside the site. */
  host: string | undefined;
  /** The Referer header: the page itself, for a record sent without its path. */
  referer: string | undefined;
  /** The origin of PUBLIC_URL, the site's public address. */
  siteOrigin: string;
  doNotTrack: boolean;
  globalPrivacyControl: boolean;
  user: UserRow | null;
};

export type PageViewOutcome = 'recorded' | 'anonymous' | 'ignored';

const clean = storableText;

const flag = (v: boolean | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * The referring site's host (the rest of its address can carry search words or personal data),
 * `Direct` for none, and null for a page of this site or an address that cannot be read.
 */
export function referrerHost(referrer: string | null | undefined, ownHost: string | undefined): string | null {
  const value = clean(referrer);
  if (!value || value === DIRECT_REFERRER) return DIRECT_REFERRER;
  const host = hostnameOf(value);
  if (!host || host === (ownHost ? hostnameOf(`http://${ownHost}`) : null)) return null;
  return host;
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The path alone: a query string or fragment can carry tokens or search words. */
const pagePath = (path: string) => clean(path.split(/[?#]/, 1)[0]) ?? '/';

/**
 * The path of the page that sent a record without one: the Referer's, when that page is of this
 * site, its origin being PUBLIC_URL's or its host the request's own (PUBLIC_URL alone would miss a
 * site reached by another address, such as a LAN address or an unset PUBLIC_URL; the Host alone
 * would miss a proxy that rewrites it). Both headers are the client's word, as the path in the body
 * would be. Another site's page is not a page of ours and its path can carry personal data: none.
 */
export function refererPath(referer: string | undefined, request: { host: string | undefined; siteOrigin: string }): string | null {
  let url: URL;
  try {
    url = new URL(referer ?? '');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== request.siteOrigin && url.host !== hostOf(url.protocol, request.host)) return null;
  return pagePath(firstCharacters(url.pathname, TRACKING_TEXT_LIMITS.path));
}

/** The Host header as a URL of that scheme writes it (lower case, default port left out). */
function hostOf(protocol: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

const BOT_VERDICTS_KEPT = 1000;
const botVerdicts = new Map<string, boolean>();

/** isbot's verdict on a user agent; the few agents most traffic comes with are remembered, not matched again. */
function isBotAgent(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (userAgent.length > TRACKING_TEXT_LIMITS.userAgent) return verdict;
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.delete(botVerdicts.keys().next().value as string);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** Whether the request looks automated: no user agent at all, or a known bot's in the header or the record. */
function isAutomated(request: PageViewRequest, record: TrackingRecordParsed): boolean {
  if (!request.userAgent) return true;
  if (isBotAgent(request.userAgent)) return true;
  return typeof record.userAgent === 'string' && record.userAgent !== request.userAgent && isBotAgent(record.userAgent);
}

/** The row stored for a tracked page view; the place fields are filled in from the IP when it is written. */
function toRow(record: TrackingRecordParsed, request: PageViewRequest, now: number): NewPageViewRow {
  return {
    id: newId(),
    created_at: now,
    day: toIso(now).slice(0, 10),
    path: record.path ? pagePath(record.path) : refererPath(request.referer, request),
    referrer: referrerHost(record.referrer, request.host),
    visitor_id: clean(record.visitorId),
    ip: request.ip,
    city: null,
    region: null,
    country: null,
    org: null,
    is_vpn: null,
    os_name: clean(record.osName),
    os_version: clean(record.osVersion),
    device_type: clean(record.deviceType)?.toLowerCase() ?? null,
    device_model: clean(record.deviceModel),
    device_vendor: clean(record.deviceVendor),
    cpu_architecture: clean(record.cpuArchitecture),
    gpu_vendor: clean(record.gpuVendor),
    gpu_renderer: clean(record.gpuRenderer),
    hardware_cores: record.hardwareCores ?? null,
    device_memory: record.deviceMemory ?? null,
    is_touch_device: flag(record.isTouchDevice),
    browser_name: clean(record.browserName),
    browser_version: clean(record.browserVersion),
    user_agent: clean(record.userAgent ?? firstCharacters(request.userAgent ?? '', TRACKING_TEXT_LIMITS.userAgent)),
    platform: clean(record.platform),
    screen_resolution: clean(record.screenResolution),
    language: clean(record.language),
    timezone: clean(record.timezone),
    network_type: clean(record.networkType),
    is_wifi: flag(record.isWifi),
    battery_level: record.batteryLevel ?? null,
    is_charging: flag(record.isCharging),
  };
}

/**
 * Decides what a page view leaves behind (docs/PRODUCT.md §8.6): nothing for a bot; only a count for the
 * day when the browser asks not to be tracked (DNT, Global Privacy Control) or the signed-in user
 * is under 18 (India's DPDP Act); otherwise the record, with the IP from the connection rather
 * than the one the browser claims.
 */
export function acceptPageView(deps: { clock: Clock; recorder: PageViewRecorder }, record: TrackingRecordParsed, request: PageViewRequest): PageViewOutcome {
  if (isAutomated(request, record)) return 'ignored';
  const now = deps.clock.now();
  if (request.doNotTrack || request.globalPrivacyControl || (request.user && isMinor(request.user.date_of_birth, now))) {
    deps.recorder.countAnonymous(toIso(now).slice(0, 10));
    return 'anonymous';
  }
  deps.recorder.record(toRow(record, request, now));
  return 'recorded';
}
