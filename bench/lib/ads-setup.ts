/**
 * Brings the running server to at least AD_COUNT ads through the real admin API, so every ad is
 * validated and stored as in production. The ads come from a seeded generator (the same every
 * run): national ones, ones for PIN prefixes of every length and ones for exact PIN codes, with
 * weights of 1 to 10, some with a window and a few paused, so the measured PIN matches ads at
 * every level of targeting. Idempotent: only the difference is created.
 */
import { performance } from 'node:perf_hooks';
import { call, pool } from './content-setup.js';
import type { BenchContext } from './scenario.js';

/** Generated ads, besides the demo seed's three. */
export const AD_COUNT = 200;
/** The PIN the scenario asks for: Koramangala, Bengaluru. */
export const MEASURED_PINCODE = '560034';
const ADMIN = { email: 'admin@abhyas.test', password: 'practice123' };
const CONCURRENCY = 8;

type AdInput = { title: string; imageUrl: string; targetUrl: string; targeting: { national: boolean; pincodes?: string[]; prefixes?: string[] }; weight: number; startsAt: string | null; endsAt: string | null; active: boolean };

/** Park–Miller: small, seeded, the same numbers on every machine. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

export function generateAds(count: number): AdInput[] {
  const next = random(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pins = ['560034', '560095', '560001', '110001', '400001', '600001', '700001', '500001', '380001', '411001'];
  const day = 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 5;
    const pin = pick(pins);
    const targeting =
      kind === 0 ? { national: true } : kind <= 2 ? { national: false, prefixes: [pin.slice(0, 1 + Math.floor(next() * 5))] } : { national: false, pincodes: [pin, pick(pins)] };
    const windowed = next() < 0.3;
    return {
      title: `Bench ad ${String(i + 1).padStart(3, '0')}`,
      imageUrl: `https://cdn.example/ads/${i + 1}.webp`,
      targetUrl: `https://advertiser.example/${i + 1}`,
      targeting,
      weight: 1 + Math.floor(next() * 10),
      startsAt: windowed ? new Date(Date.now() - 30 * day).toISOString() : null,
      endsAt: windowed ? new Date(Date.now() + 365 * day).toISOString() : null,
      active: next() > 0.05,
    };
  });
}

export type AdsSetup = { ads: number; created: number; setupMs: number };

export async function ensureAds(ctx: BenchContext): Promise<AdsSetup> {
  const started = performance.now();
  const { token } = await ctx.login(ADMIN.email, ADMIN.password);
  const base = ctx.server.baseUrl;
  const present = (await call<{ data: { title: string }[] }>(base, 'GET', '/api/admin/ads', undefined, token)).data;
  const titles = new Set(present.map((ad) => ad.title));
  const todo = generateAds(AD_COUNT).filter((ad) => !titles.has(ad.title));
  await pool(todo.map((ad) => async () => void (await call(base, 'POST', '/api/admin/ads', ad, token, 201))), CONCURRENCY);
  ctx.log(`ads: ${present.length} present, ${todo.length} created`);
  return { ads: present.length + todo.length, created: todo.length, setupMs: performance.now() - started };
}
