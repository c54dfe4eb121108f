import { AD_LIMITS, adsByLocationResponseSchema, MEDIA_URL_PREFIX, STORED_IMAGE_PATTERN, type Ad, type AdEvent, type AdInputParsed, type AdminAd } from '@abhyas/contracts';
import { bumpCounter, readCounter } from '../../db/counters.repo.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { isMinor } from '../../lib/age.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ResponseCache, VersionedAnswer } from '../../lib/response-cache.js';
import { isStoredImage } from '../media/media.service.js';
import type { UserRow } from '../users/users.service.js';
import { toAdDto, toAdminAdDto } from './ads.dto.js';
import {
  adIdByTitle,
  adsTargeting,
  countAdEvent,
  findAdRow,
  insertAd,
  listAdRows,
  nationalAds,
  replaceTargets,
  targetsOf,
  totalsOf,
  updateAdRow,
  type PublicAdRow,
} from './ads.repo.js';

type Deps = { db: Db; clock: Clock };
/** The candidates' ad lists are also kept in memory, against the ads version. */
export type PublicAdsDeps = Deps & { answers: ResponseCache };

/**
 * How long a place's ad list is served from memory at most: an ad whose start or end time passes
 * shows or goes within this; an ad written anywhere retires every process's lists at once.
 */
const AD_LIST_CACHE_MS = 15_000;

const adNotFound = () => notFound('Advertisement not found');

/** A PIN code and every prefix of it, most specific first: 560034, 56003, 5600, 560, 56, 5. */
const pinAndPrefixes = (pincode: string) => Array.from({ length: 6 }, (_, i) => pincode.slice(0, 6 - i));

/**
 * The ads for a PIN code (docs/PRODUCT.md §8.5): those targeting it, the most specific targeting first
 * (the exact PIN, then longer prefixes before shorter), heavier ads first within one level; only
 * where none targets the place, the national ones. A signed-in candidate under 18 gets national
 * ads only: a child's location is not used to choose ads (India's DPDP Act, s. 9(3)).
 */
/**
 * Which place's ads a viewer gets: the PIN code asked for, or none (the national ads) when none
 * was given or the viewer is a signed-in candidate under 18.
 */
export function adPlaceFor(pincode: string | undefined, viewer: UserRow | null, now: number): string | undefined {
  return pincode && !(viewer && isMinor(viewer.date_of_birth, now)) ? pincode : undefined;
}

/** The ads for a place (see adPlaceFor): most specific targeting first, the national ads where nothing targets it. */
export async function adsForPlace(deps: Deps, pincode: string | undefined): Promise<Ad[]> {
  const now = deps.clock.now();
  if (pincode) {
    const rows = await adsTargeting(deps.db, pinAndPrefixes(pincode), now);
    if (rows.length > 0) return bySpecificity(rows).slice(0, AD_LIMITS.perLocationMax).map(toAdDto);
  }
  return (await nationalAds(deps.db, now, AD_LIMITS.perLocationMax)).map(toAdDto);
}

/** GET /api/advertisements/getAdsbyLocation as cached JSON: the ads for a viewer at a PIN code (see adPlaceFor). */
export async function adsAnswer(deps: PublicAdsDeps, pincode: string | undefined, viewer: UserRow | null): Promise<VersionedAnswer> {
  const now = deps.clock.now();
  const place = adPlaceFor(pincode, viewer, now);
  return deps.answers.answer(
    place ?? 'national',
    () => readCounter(deps.db, 'ads'),
    async () => adsByLocationResponseSchema.parse({ data: await adsForPlace(deps, place) }),
    { now, ttlMs: AD_LIST_CACHE_MS },
  );
}

/** One entry per ad, at its most specific match; ordered by that, then weight, then id. */
function bySpecificity(rows: (PublicAdRow & { value: string })[]): PublicAdRow[] {
  const best = new Map<string, { row: PublicAdRow; digits: number }>();
  for (const { value, ...row } of rows) {
    const seen = best.get(row.id);
    if (!seen || value.length > seen.digits) best.set(row.id, { row, digits: value.length });
  }
  return [...best.values()].sort((a, b) => b.digits - a.digits || b.row.weight - a.row.weight || (a.row.id < b.row.id ? -1 : 1)).map((e) => e.row);
}

/** Counts an impression or a click; an unknown ad is a 404 and writes nothing. */
export async function recordAdEvent(deps: Deps, adId: string, event: AdEvent): Promise<void> {
  const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
  try {
    await countAdEvent(deps.db, adId, day, event === 'impression' ? 'impressions' : 'clicks');
  } catch (err) {
    if (isForeignKeyViolation(err)) throw adNotFound();
    throw err;
  }
}

async function toAdmin(deps: Deps, id: string): Promise<AdminAd> {
  const row = await findAdRow(deps.db, id);
  if (!row) throw adNotFound();
  const [targets, totals] = await Promise.all([targetsOf(deps.db, [id]), totalsOf(deps.db, [id])]);
  return toAdminAdDto(row, targets.get(id) ?? [], totals.get(id), deps.clock.now());
}

export async function getAd(deps: Deps, id: string): Promise<AdminAd> {
  return toAdmin(deps, id);
}

/** Every ad with its targeting and counts, newest first. */
export async function listAds(deps: Deps): Promise<AdminAd[]> {
  const rows = await listAdRows(deps.db);
  const ids = rows.map((r) => r.id);
  const [targets, totals] = await Promise.all([targetsOf(deps.db, ids), totalsOf(deps.db, ids)]);
  const now = deps.clock.now();
  return rows.map((r) => toAdminAdDto(r, targets.get(r.id) ?? [], totals.get(r.id), now));
}

/** An uploaded image must be one the server holds; an https address is the advertiser's to keep. */
async function assertImageStored(deps: Deps, imageUrl: string): Promise<void> {
  if (!STORED_IMAGE_PATTERN.test(imageUrl)) return;
  const key = imageUrl.slice(MEDIA_URL_PREFIX.length).split('.')[0]!;
  if (!(await isStoredImage(deps, key))) throw validationFailed([{ field: 'imageUrl', message: 'No uploaded image has this address; upload the image again' }]);
}

const columnsOf = (input: AdInputParsed) => ({
  title: input.title,
  image_url: input.imageUrl,
  target_url: input.targetUrl,
  national: input.targeting.national ? 1 : 0,
  weight: input.weight,
  starts_at: input.startsAt ? Date.parse(input.startsAt) : null,
  ends_at: input.endsAt ? Date.parse(input.endsAt) : null,
  active: input.active ? 1 : 0,
});

const targetValues = (input: AdInputParsed) => [...input.targeting.pincodes, ...input.targeting.prefixes];

export async function adWithTitleExists(deps: Deps, title: string): Promise<boolean> {
  return (await adIdByTitle(deps.db, title)) !== undefined;
}

/** Creates an ad and its targeting in one transaction. */
export async function createAd(deps: Deps, input: AdInputParsed, authorId: string | null): Promise<AdminAd> {
  await assertImageStored(deps, input.imageUrl);
  const now = deps.clock.now();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await insertAd(trx, { id, ...columnsOf(input), created_by: authorId, created_at: now, updated_at: now });
    await replaceTargets(trx, id, targetValues(input));
    await bumpCounter(trx, 'ads');
  });
  return toAdmin(deps, id);
}

/** Replaces an ad and its targeting in one transaction; its counts stay. */
export async function updateAd(deps: Deps, id: string, input: AdInputParsed): Promise<AdminAd> {
  await assertImageStored(deps, input.imageUrl);
  const found = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateAdRow(trx, id, { ...columnsOf(input), updated_at: deps.clock.now() }))) return false;
    await replaceTargets(trx, id, targetValues(input));
    await bumpCounter(trx, 'ads');
    return true;
  });
  if (!found) throw adNotFound();
  return toAdmin(deps, id);
}
