import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { firstCharacters, storableText } from '../../lib/text.js';

/** What the IP-lookup service tells about an address (docs/PRODUCT.md §4: city, region, country_name, org, security.vpn). */
export type IpPlace = { city: string | null; region: string | null; country: string | null; org: string | null; isVpn: boolean | null };

/** Resolves an address to its place; null when the address is private or the service did not answer usefully. */
export type IpLookup = (ip: string) => Promise<IpPlace | null>;

export type IpLookupOptions = {
  /** The service's URL with `{ip}` where the address goes. */
  urlTemplate: string;
  timeoutMs: number;
  now?: () => number;
  /** Addresses remembered at once; the oldest are forgotten first. */
  cacheSize?: number;
};

const ANSWER_MAX_BYTES = 64 * 1024;
const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
/** A failed lookup is not retried for a while, so an outage of the service is not hammered. */
const FAILED_TTL_MS = 10 * 60 * 1000;

// Each field is read on its own: one odd value leaves the others usable.
const place = (max: number) =>
  z
    .string()
    .transform((v) => {
      const text = storableText(v);
      return text === null ? null : firstCharacters(text, max);
    })
    .nullable()
    .optional()
    .catch(null);
const answerSchema = z.object({
  city: place(100),
  region: place(100),
  country_name: place(100),
  org: place(200),
  security: z
    .object({ vpn: z.boolean().nullable().optional().catch(null) })
    .nullable()
    .optional()
    .catch(null),
});

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address can be looked up: a valid public address (not loopback, private, link-local, multicast). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return !privateRanges.check(mapped, 'ipv4');
  return !privateRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Reads at most `max` bytes of a response body; null when it is longer. */
async function readCapped(response: Response, max: number): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The IP-lookup adapter: an HTTP GET to the configured service, answered JSON with the
 * original client's fields. Answers are cached per address (a day; ten minutes for a failure), and
 * concurrent lookups of one address share one request.
 */
export function createIpLookup({ urlTemplate, timeoutMs, now = Date.now, cacheSize = 10_000 }: IpLookupOptions): IpLookup {
  const cache = new Map<string, { place: IpPlace | null; expires: number }>();
  const inFlight = new Map<string, Promise<IpPlace | null>>();

  async function ask(ip: string): Promise<IpPlace | null> {
    try {
      const response = await fetch(urlTemplate.replaceAll('{ip}', encodeURIComponent(ip)), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const text = await readCapped(response, ANSWER_MAX_BYTES);
      if (text === null) return null;
      const parsed = answerSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return null;
      const a = parsed.data;
      return { city: a.city ?? null, region: a.region ?? null, country: a.country_name ?? null, org: a.org ?? null, isVpn: a.security?.vpn ?? null };
    } catch {
      return null;
    }
  }

  function remember(ip: string, found: IpPlace | null): void {
    cache.delete(ip);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(ip, { place: found, expires: now() + (found ? FOUND_TTL_MS : FAILED_TTL_MS) });
  }

  return async (ip) => {
    if (!isPublicAddress(ip)) return null;
    const cached = cache.get(ip);
    if (cached && cached.expires > now()) return cached.place;
    let pending = inFlight.get(ip);
    if (!pending) {
      pending = ask(ip).then((found) => {
        remember(ip, found);
        inFlight.delete(ip);
        return found;
      });
      inFlight.set(ip, pending);
    }
    return pending;
  };
}
