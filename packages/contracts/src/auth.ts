import { z } from 'zod';
import { LIMITS } from './limits.js';
import { safeText } from './text.js';
import { LANGUAGES, userSchema } from './users.js';

export const emailSchema = safeText('Email address', 'Enter your email address')
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { error: 'Email address is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const nameSchema = safeText('Name', 'Enter your name')
  .trim()
  .min(1, { error: 'Enter your name' })
  .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` });

export const registerRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The language the person was reading in when registering; English when absent. */
  preferredLanguage: z.enum(LANGUAGES, { error: 'Preferred language must be en or hi' }).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(LIMITS.passwordMax, {
    error: `Password must be at most ${LIMITS.passwordMax} characters`,
  }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, { error: 'Enter your current password' }).max(LIMITS.passwordMax),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** How long a link to reset a password works, and how many such links one account is sent per hour. */
export const PASSWORD_RESET = { linkTtlMinutes: 30, mailsPerHour: 3 } as const;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The token of a reset link: 32 random bytes, base64url. */
export const resetTokenSchema = z
  .string({ error: 'This link to reset your password is incomplete' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link to reset your password is incomplete' });

export const resetPasswordRequestSchema = z.strictObject({
  token: resetTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** An answer that only says what happened. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
