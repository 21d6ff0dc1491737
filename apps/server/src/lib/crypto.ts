import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits), URL-safe. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak gives no usable session. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
