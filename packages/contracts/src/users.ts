import { z } from 'zod';
import { LIMITS } from './limits.js';
import { safeText } from './text.js';

export const ROLES = ['candidate', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const GENDERS = ['female', 'male', 'other', 'prefer_not_to_say'] as const;
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Exams candidates commonly prepare for; the profile accepts any text, these are suggestions. */
export const TARGET_EXAM_SUGGESTIONS = [
  'SSC CGL',
  'SSC CHSL',
  'IBPS PO',
  'SBI PO',
  'RRB NTPC',
  'UPSC CSE',
  'JEE Main',
  'NEET UG',
  'CAT',
  'GATE',
] as const;

/** A user as the API sends it; no password hash or internal column ever appears here. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  targetExam: z.string().nullable(),
  education: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  isCompleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The sign-in before the latest one; null until the user signs in again after registering (or,
   * for an account made for them, after their first sign-in): their first visit.
   */
  previousSignInAt: z.string().nullable(),
  /** Compensatory time the account gets in timed papers, in extra minutes per hour; 0 for none (docs/PRODUCT.md §8.11). */
  extraMinutesPerHour: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({ user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

const optionalText = (label: string) =>
  safeText(label)
    .trim()
    .max(LIMITS.shortTextMax, { error: `${label} must be at most ${LIMITS.shortTextMax} characters` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Indian mobile numbers: 10 digits starting 6–9, with an optional +91, 91 or 0 in front. */
export const phoneSchema = z
  .string({ error: 'Phone must be text' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .transform((v) => v.replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .refine((v) => v === '' || /^[6-9]\d{9}$/.test(v), { error: 'Enter a 10-digit Indian mobile number' })
  .transform((v) => (v === '' ? null : v));

export const pincodeSchema = z
  .string({ error: 'PIN code must be text' })
  .trim()
  .refine((v) => v === '' || /^[1-9]\d{5}$/.test(v), { error: 'Enter a 6-digit PIN code' })
  .transform((v) => (v === '' ? null : v));

/** A calendar date in the past, as YYYY-MM-DD. */
export const dateOfBirthSchema = z
  .string({ error: 'Date of birth must be a date' })
  .trim()
  .refine(
    (v) => {
      if (v === '') return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: 'Enter a valid date (YYYY-MM-DD)' },
  )
  .refine((v) => v === '' || (v >= '1900-01-01' && new Date(`${v}T00:00:00Z`).getTime() < Date.now()), {
    error: 'Date of birth must be in the past',
  })
  .transform((v) => (v === '' ? null : v));

/** The fields a user may change about themselves; any other key is refused. */
export const profileUpdateSchema = z.strictObject({
  name: safeText('Name')
    .trim()
    .min(1, { error: 'Enter your name' })
    .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` })
    .optional(),
  phone: phoneSchema.nullable().optional(),
  city: optionalText('City'),
  state: optionalText('State'),
  pincode: pincodeSchema.nullable().optional(),
  targetExam: optionalText('Target exam'),
  education: optionalText('Education'),
  dateOfBirth: dateOfBirthSchema.nullable().optional(),
  gender: z.enum(GENDERS, { error: 'Choose a gender from the list' }).nullable().optional(),
  preferredLanguage: z.enum(LANGUAGES, { error: 'Preferred language must be en or hi' }).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateParsed = z.output<typeof profileUpdateSchema>;

/** The fields that make a profile complete (docs/PRODUCT.md §5.2). */
export const REQUIRED_PROFILE_FIELDS = ['name', 'phone', 'pincode', 'targetExam'] as const;

export const ADMIN_USERS_PAGE_SIZE_MAX = 100;

/** `GET /api/admin/users`: search by name or email, narrow by role, page through. */
export const adminUserListQuerySchema = z.strictObject({
  search: safeText('Search').trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  role: z.enum(ROLES, { error: 'Role must be candidate, editor or admin' }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, { error: 'Page starts at 1' }).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, { error: 'Page size must be at least 1' })
    .max(ADMIN_USERS_PAGE_SIZE_MAX, { error: `Page size must be at most ${ADMIN_USERS_PAGE_SIZE_MAX}` })
    .default(20),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserPageSchema = z.object({ data: z.array(userSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** `PATCH /api/admin/users/:id/role`. */
export const roleChangeSchema = z.strictObject({ role: z.enum(ROLES, { error: 'Role must be candidate, editor or admin' }) });
export type RoleChange = z.infer<typeof roleChangeSchema>;
export const adminUserResponseSchema = z.object({ data: userSchema });
