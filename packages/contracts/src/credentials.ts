import { MESSAGES } from './messages.js';

/**
 * The sign-in screens' field checks without zod (decision 0570): the signed-out entry of the web may not
 * download the schemas, so it loads this module through `@travesia/contracts/credentials`. The schemas of
 * schemas/auth.ts use the same limits and pattern, and credentials.test.ts checks that both answer the same
 * message for the same input; the server validates with the schemas anyway.
 */

/** Longest email accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** New passwords: 12 to 128 Unicode characters (ASVS 2.1.1, 2.1.2); the server also refuses common ones. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** zod 4's `z.email()` pattern (its `regexes.email`), which `emailSchema` applies. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A password's length as the policy counts it: Unicode characters after NFKC. */
export const passwordLength = (s: string) => [...s.normalize('NFKC')].length;

/** What `emailSchema` answers for a typed email (trimmed first), or null when it is accepted. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return MESSAGES['email.required'];
  if (email.length > EMAIL_MAX_LENGTH) return `Máximo ${EMAIL_MAX_LENGTH} caracteres`;
  return EMAIL_PATTERN.test(email) ? null : MESSAGES['email.invalid'];
}

/** What `newPasswordSchema` answers for a new password (never trimmed), or null when it is accepted. */
export function newPasswordProblem(value: string): string | null {
  if (!value) return MESSAGES['password.required'];
  const length = passwordLength(value);
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES['password.tooWeak'];
  return length > PASSWORD_MAX_LENGTH ? MESSAGES['password.tooLong'] : null;
}
