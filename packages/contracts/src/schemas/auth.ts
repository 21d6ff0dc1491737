import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { agencySchema } from './agency.js';
import { requiredString } from './common.js';
import { userSchema } from './user.js';

export const emailSchema = requiredString(MESSAGES['email.required'], 254).pipe(
  z.email({ error: MESSAGES['email.invalid'] }).transform((e) => e.toLowerCase()),
);

/** The web sends the lowercase hex SHA-256 of what the person typed, never the password itself. */
export const hashedPasswordSchema = requiredString(MESSAGES['password.required'], 64).pipe(
  z.string().regex(/^[0-9a-f]{64}$/, { error: MESSAGES['password.required'] }),
);

export const loginBody = z.object({
  user: emailSchema,
  password: hashedPasswordSchema,
  remember_me: z.boolean({ error: 'remember_me debe ser verdadero o falso' }).default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
  agency: agencySchema.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const rememberPasswordBody = z.object({ email: emailSchema });

export const changePasswordBody = z.object({
  token: requiredString(MESSAGES['password.tokenInvalid'], 200),
  password: hashedPasswordSchema,
});

export const meResponse = z.object({ user: userSchema, agency: agencySchema.nullable() });
export type MeResponse = z.infer<typeof meResponse>;
