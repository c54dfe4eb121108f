import type { AdInput, AdminAd } from '@abhyas/contracts';

/** The ad form's entries, as the inputs hold them. */
export interface AdFormValues {
  title: string;
  imageUrl: string;
  targetUrl: string;
  national: boolean;
  /** PIN codes and prefixes, separated by commas, spaces or new lines. */
  places: string;
  weight: string;
  /** `datetime-local` values, in the admin's time zone; empty for none. */
  startsAt: string;
  endsAt: string;
  active: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (this browser's time zone) as an ISO instant; null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Splits the places text: six digits are PIN codes, anything else is taken as a prefix (and checked as one). */
export function parsePlaces(text: string): { pincodes: string[]; prefixes: string[] } {
  const tokens = [...new Set(text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];
  return { pincodes: tokens.filter((s) => /^\d{6}$/.test(s)), prefixes: tokens.filter((s) => !/^\d{6}$/.test(s)) };
}

export function formValuesOf(ad?: AdminAd): AdFormValues {
  return {
    title: ad?.title ?? '',
    imageUrl: ad?.imageUrl ?? '',
    targetUrl: ad?.targetUrl ?? '',
    national: ad?.targeting.national ?? true,
    places: ad ? [...ad.targeting.pincodes, ...ad.targeting.prefixes].join(', ') : '',
    weight: String(ad?.weight ?? 1),
    startsAt: toLocalInput(ad?.startsAt ?? null),
    endsAt: toLocalInput(ad?.endsAt ?? null),
    active: ad?.active ?? true,
  };
}

/** The form's entries as the API's ad input; the contracts schema then checks it. */
export function toAdInput(values: AdFormValues): AdInput {
  const weight = values.weight.trim() === '' ? Number.NaN : Number(values.weight);
  return {
    title: values.title,
    imageUrl: values.imageUrl,
    targetUrl: values.targetUrl,
    targeting: values.national ? { national: true } : { national: false, ...parsePlaces(values.places) },
    weight,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    active: values.active,
  };
}
