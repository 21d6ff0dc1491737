import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords reach the server as typed (over TLS) and are kept only as an argon2id hash
 * (@node-rs/argon2 defaults: 19 MiB, t=2, OWASP's recommendation) of their NFKC form.
 *
 * Until 2026-11 the web sent SHA-256(typed password) as lowercase hex and we stored argon2id of that.
 * Migration 0720 marks those hashes with LEGACY_PREFIX; they still verify (we compute the old
 * pre-hash here) and are replaced by a plain argon2id hash at the next successful sign-in
 * (docs/decisions/0132-password-transport-and-policy.md).
 */
const LEGACY_PREFIX = 'sha256+';

/** The same text however it was typed or composed (NIST SP 800-63B §5.1.1.2). */
const normalise = (plain: string) => plain.normalize('NFKC');

export const hashPassword = (plain: string) => hash(normalise(plain));

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash uses the legacy scheme: store hashPassword(plain) now that we know it. */
  needsRehash: boolean;
}

export async function verifyPassword(stored: string | null, plain: string): Promise<PasswordCheck> {
  if (!stored) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await verify(await dummyHash, normalise(plain)).catch(() => false);
    return { ok: false, needsRehash: false };
  }
  if (stored.startsWith(LEGACY_PREFIX)) {
    const ok = await verify(stored.slice(LEGACY_PREFIX.length), legacyPreHash(plain)).catch(() => false);
    return { ok, needsRehash: ok };
  }
  return { ok: await verify(stored, normalise(plain)).catch(() => false), needsRehash: false };
}

const dummyHash = hash('dummy password, never matches anything typed');

/** What the web used to send: lowercase hex SHA-256 of the UTF-8 of what was typed. */
const legacyPreHash = (plain: string) => createHash('sha256').update(plain, 'utf8').digest('hex');

/** A stored hash in the legacy scheme, for the tests that prove old accounts still sign in. */
export const legacyHashOf = async (plain: string) => `${LEGACY_PREFIX}${await hash(legacyPreHash(plain))}`;
