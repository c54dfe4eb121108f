import { z } from 'zod';
import { safeText } from './text.js';
import { AD_LIMITS, PIN_PREFIX_PATTERN, PINCODE_PATTERN, STORED_IMAGE_PATTERN } from './ads.js';
import { isHttpsAddress, isSiteOrHttpsAddress } from './urls.js';

// The admins' side of ads, apart from ads.ts so that the public pages' bundle leaves it out.

const text = (label: string, max: number) =>
  safeText(label)
    .trim()
    .min(1, { error: `Enter the ${label.toLowerCase()}` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const imageUrl = safeText('Image', 'Image must be an address')
  .trim()
  .min(1, { error: 'Upload an image or give its https:// address' })
  .max(AD_LIMITS.urlMax, { error: `The image address must be at most ${AD_LIMITS.urlMax} characters` })
  .refine((v) => STORED_IMAGE_PATTERN.test(v) || isHttpsAddress(v), { error: 'Use an uploaded image (/media/…) or an https:// address' });

const targetUrl = safeText('Link', 'Link must be an address')
  .trim()
  .min(1, { error: 'Enter the address the ad links to' })
  .max(AD_LIMITS.urlMax, { error: `The link must be at most ${AD_LIMITS.urlMax} characters` })
  .refine((v) => isSiteOrHttpsAddress(v), { error: 'Use an https:// address or a path on this site such as /topics' });

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).nullable().default(null);

/**
 * Who an ad is for: everyone (national), or people at the listed PIN codes and under the listed
 * PIN prefixes. National and a list never go together, and a targeted ad names at least one place.
 */
export const adTargetingSchema = z
  .strictObject({
    national: z.boolean({ error: 'Say whether the ad is national' }),
    pincodes: z.array(z.string().trim().regex(PINCODE_PATTERN, { error: 'A PIN code has 6 digits and does not start with 0' }), { error: 'PIN codes must be a list' }).default([]),
    prefixes: z.array(z.string().trim().regex(PIN_PREFIX_PATTERN, { error: 'A PIN prefix is 1 to 5 digits and does not start with 0' }), { error: 'PIN prefixes must be a list' }).default([]),
  })
  .transform((t) => ({ national: t.national, pincodes: [...new Set(t.pincodes)].sort(), prefixes: [...new Set(t.prefixes)].sort() }))
  .superRefine((t, ctx) => {
    const places = t.pincodes.length + t.prefixes.length;
    if (t.national && places > 0) ctx.addIssue({ code: 'custom', path: ['national'], message: 'A national ad has no PIN codes or prefixes; clear them or untick national' });
    if (!t.national && places === 0) ctx.addIssue({ code: 'custom', path: ['pincodes'], message: 'Give at least one PIN code or prefix, or make the ad national' });
    if (places > AD_LIMITS.targetsMax) ctx.addIssue({ code: 'custom', path: ['pincodes'], message: `At most ${AD_LIMITS.targetsMax} PIN codes and prefixes together` });
  });
export type AdTargeting = z.output<typeof adTargetingSchema>;

/** An ad as an admin writes it (create and full replace). */
export const adInputSchema = z
  .strictObject({
    title: text('Title', AD_LIMITS.titleMax),
    imageUrl,
    targetUrl,
    targeting: adTargetingSchema,
    weight: z
      .number({ error: 'Weight must be a number' })
      .int({ error: 'Weight must be a whole number' })
      .min(AD_LIMITS.weightMin, { error: `Weight must be between ${AD_LIMITS.weightMin} and ${AD_LIMITS.weightMax}` })
      .max(AD_LIMITS.weightMax, { error: `Weight must be between ${AD_LIMITS.weightMin} and ${AD_LIMITS.weightMax}` })
      .default(1),
    startsAt: instant('Start'),
    endsAt: instant('End'),
    active: z.boolean({ error: 'Say whether the ad is active' }).default(true),
  })
  .superRefine((ad, ctx) => {
    if (ad.startsAt && ad.endsAt && Date.parse(ad.endsAt) <= Date.parse(ad.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start' });
    }
  });
export type AdInput = z.input<typeof adInputSchema>;
export type AdInputParsed = z.output<typeof adInputSchema>;

export const AD_STATES = ['live', 'scheduled', 'ended', 'paused'] as const;
export type AdState = (typeof AD_STATES)[number];

/** An ad as admins see it, with its counts. */
export const adminAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  targetUrl: z.string(),
  targeting: z.object({ national: z.boolean(), pincodes: z.array(z.string()), prefixes: z.array(z.string()) }),
  weight: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** Whether candidates can see it now: live, scheduled (before its start), ended, or paused (not active). */
  state: z.enum(AD_STATES),
  impressions: z.number().int(),
  clicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;
export const adminAdResponseSchema = z.object({ data: adminAdSchema });
export const adminAdListResponseSchema = z.object({ data: z.array(adminAdSchema) });

