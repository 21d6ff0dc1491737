import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * The web sends SHA-256(typed password) as lowercase hex; we keep only an argon2id hash of that.
 * argon2id defaults of @node-rs/argon2 (19 MiB, t=2) follow OWASP's recommendation.
 */
export const hashPassword = (clientHash: string) => hash(clientHash);

export async function verifyPassword(stored: string | null, clientHash: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await verify(await dummyHash, clientHash).catch(() => false);
    return false;
  }
  return verify(stored, clientHash).catch(() => false);
}

const dummyHash = hash('0'.repeat(64));

/** What the web computes from a typed password; used by seeds, the CLI and tests. */
export const clientHashOf = (plain: string) => createHash('sha256').update(plain, 'utf8').digest('hex');
