import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Authenticated encryption of small secrets at rest (supplier credentials): AES-256-GCM from
 * node:crypto, a fresh 96-bit IV per value, and associated data binding a ciphertext to the record it
 * belongs to, so a ciphertext copied onto another row does not decrypt.
 *
 * Stored format (text): `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id names the
 * key that sealed the value, so keys can be rotated: `SECRETS_KEY=new,old` encrypts with `new` and
 * still opens values sealed with `old` until they are re-encrypted (docs/decisions/0060-*.md).
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

/** A short, non-reversible name for a key: enough to pick it from a ring, useless to an attacker. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update('travesia-secret-key-id:').update(key).digest('hex').slice(0, 12);

/** Parses one key given as 64 hex characters or as base64/base64url of 32 bytes. */
export function parseKey(text: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(t) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(t))) {
    throw new SecretBoxError('SECRETS_KEY must be 32 bytes written as 64 hex characters or base64');
  }
  return bytes;
}

export class SecretBox {
  private readonly keys: Key[];

  /** `keys[0]` seals new values; every key in the ring opens values it sealed. */
  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new SecretBoxError('at least one key is needed');
    this.keys = keys.map((bytes) => {
      if (bytes.length !== 32) throw new SecretBoxError('keys must be 32 bytes');
      return { id: keyIdOf(bytes), bytes: Buffer.from(bytes) };
    });
  }

  /** A comma-separated list of keys, the current one first. */
  static fromText(text: string): SecretBox {
    return new SecretBox(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(parseKey),
    );
  }

  get currentKeyId(): string {
    return this.keys[0].id;
  }

  seal(plain: string, associatedData: string): string {
    const key = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, key.id, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, associatedData: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('unknown ciphertext format');
    const [, keyId, ivText, tagText, bodyText] = parts;
    const key = this.keys.find((k) => k.id === keyId);
    if (!key) throw new SecretBoxError(`no key with id ${keyId} in SECRETS_KEY`);
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('malformed ciphertext');
    try {
      const decipher = createDecipheriv(ALGORITHM, key.bytes, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('ciphertext does not authenticate (tampered, or sealed for another record)');
    }
  }

  /** Whether a value was sealed with an older key and should be sealed again. */
  needsRotation(sealed: string): boolean {
    return sealed.split('.')[1] !== this.currentKeyId;
  }
}

/**
 * The box for this process: from `SECRETS_KEY`, or else from a development key kept in
 * `<dataDir>/secrets.key` (created once, mode 0600) on first use, so an app that never touches a
 * secret never creates the file.
 */
export function lazySecretBox(opts: { secretsKey?: string; dataDir: string; onDevKeyCreated?: (file: string) => void }): () => SecretBox {
  // A key given in the environment is checked at start, so a malformed one stops the process early.
  let box: SecretBox | undefined = opts.secretsKey ? SecretBox.fromText(opts.secretsKey) : undefined;
  return () => {
    box ??= opts.secretsKey ? SecretBox.fromText(opts.secretsKey) : new SecretBox([loadOrCreateDevKey(opts.dataDir, opts.onDevKeyCreated)]);
    return box;
  };
}

export function loadOrCreateDevKey(dataDir: string, onCreated?: (file: string) => void): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return parseKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': if another process created it meanwhile, we read theirs instead of overwriting it.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    onCreated?.(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(readFileSync(file, 'utf8'));
}
