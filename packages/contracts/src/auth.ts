import { z } from 'zod';
import { LIMITS } from './limits.js';
import { userSchema } from './users.js';

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { error: 'Email address is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const nameSchema = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(1, { error: 'Enter your name' })
  .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` });

export const registerRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
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

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
