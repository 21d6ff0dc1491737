import { z } from 'zod';
import { agencyBrandingSchema } from '../agency-settings.js';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../credentials.js';
import { MESSAGES } from '../messages.js';
import { agencySchema } from './agency.js';
import { requiredString } from './common.js';
import { userSchema } from './user.js';

/** The web's sign-in screens run the same checks without zod: credentials.ts (decision 0570). */
export const emailSchema = requiredString(MESSAGES['email.required'], EMAIL_MAX_LENGTH).pipe(
  z.email({ error: MESSAGES['email.invalid'] }).transform((e) => e.toLowerCase()),
);

/**
 * The password as typed, sent over TLS; never trimmed (spaces are part of it). Sign-in accepts any
 * length up to a bound that keeps the hash cheap; the policy applies to new passwords only.
 */
export const loginPasswordSchema = z
  .string({ error: MESSAGES['password.required'] })
  .min(1, { error: MESSAGES['password.required'] })
  .max(1024, { error: MESSAGES['password.tooLong'] });

export const newPasswordSchema = z
  .string({ error: MESSAGES['password.required'] })
  .min(1, { error: MESSAGES['password.required'] })
  .refine((s) => passwordLength(s) >= PASSWORD_MIN_LENGTH, { error: MESSAGES['password.tooWeak'], abort: true })
  .refine((s) => passwordLength(s) <= PASSWORD_MAX_LENGTH, { error: MESSAGES['password.tooLong'] });

export const loginBody = z.object({
  user: emailSchema,
  password: loginPasswordSchema,
  remember_me: z.boolean({ error: 'remember_me debe ser verdadero o falso' }).default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
  agency: agencySchema.nullable(),
  branding: agencyBrandingSchema.nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const rememberPasswordBody = z.object({ email: emailSchema });

export const changePasswordBody = z.object({
  token: requiredString(MESSAGES['password.tokenInvalid'], 200),
  password: newPasswordSchema,
});

/** `branding`: the agency's time zone and look, applied by the web shell (issue 16); null for platform staff. */
export const meResponse = z.object({
  user: userSchema,
  agency: agencySchema.nullable(),
  branding: agencyBrandingSchema.nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponse>;
