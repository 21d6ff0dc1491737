import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyIdOf, lazySecretBox, loadOrCreateDevKey, parseKey, SecretBox, SecretBoxError } from './secret-box.js';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);

describe('SecretBox', () => {
  it('seals to an opaque, versioned text and opens it back', () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal('s3cr3t-contraseña', 'row-1');
    expect(sealed).not.toContain('s3cr3t');
    expect(sealed.split('.')).toHaveLength(5);
    expect(sealed.startsWith(`v1.${keyIdOf(keyA)}.`)).toBe(true);
    expect(box.open(sealed, 'row-1')).toBe('s3cr3t-contraseña');
  });

  it('uses a fresh IV: the same value seals differently each time', () => {
    const box = new SecretBox([keyA]);
    expect(box.seal('x', 'r')).not.toBe(box.seal('x', 'r'));
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const box = new SecretBox([keyA]);
    const parts = box.seal('valor secreto largo', 'row-1').split('.');
    const flip = (s: string) => {
      const b = Buffer.from(s, 'base64url');
      b[0] ^= 1;
      return b.toString('base64url');
    };
    for (const i of [2, 3, 4]) {
      const tampered = parts.map((p, j) => (j === i ? flip(p) : p)).join('.');
      expect(() => box.open(tampered, 'row-1')).toThrow(SecretBoxError);
    }
  });

  it('refuses a value sealed for another record (associated data)', () => {
    const box = new SecretBox([keyA]);
    expect(() => box.open(box.seal('x', 'row-1'), 'row-2')).toThrow(SecretBoxError);
  });

  it('refuses to open with the wrong key', () => {
    const sealed = new SecretBox([keyA]).seal('x', 'r');
    expect(() => new SecretBox([keyB]).open(sealed, 'r')).toThrow(/no key with id/);
    // Same key id but different bytes cannot happen by accident; forge it to prove GCM still refuses.
    const forged = sealed.replace(keyIdOf(keyA), keyIdOf(keyB));
    expect(() => new SecretBox([keyB]).open(forged, 'r')).toThrow(SecretBoxError);
  });

  it('refuses malformed text', () => {
    const box = new SecretBox([keyA]);
    for (const bad of ['', 'plain', 'v2.a.b.c.d', 'v1.x.y.z', `v1.${keyIdOf(keyA)}.AA.AA.AA`]) {
      expect(() => box.open(bad, 'r')).toThrow(SecretBoxError);
    }
  });

  it('rotates keys: the new key seals, old keys still open, and old values are flagged', () => {
    const old = new SecretBox([keyA]);
    const sealedOld = old.seal('antiguo', 'r');
    const rotated = new SecretBox([keyB, keyA]);
    expect(rotated.open(sealedOld, 'r')).toBe('antiguo');
    expect(rotated.needsRotation(sealedOld)).toBe(true);
    const sealedNew = rotated.seal('nuevo', 'r');
    expect(rotated.needsRotation(sealedNew)).toBe(false);
    expect(sealedNew.split('.')[1]).toBe(keyIdOf(keyB));
    expect(() => old.open(sealedNew, 'r')).toThrow(SecretBoxError);
  });
});

describe('keys', () => {
  it('reads hex and base64 keys, and a comma-separated ring', () => {
    expect(parseKey(keyA.toString('hex'))).toEqual(keyA);
    expect(parseKey(keyA.toString('base64'))).toEqual(keyA);
    expect(parseKey(keyA.toString('base64url'))).toEqual(keyA);
    const ring = SecretBox.fromText(`${keyB.toString('hex')}, ${keyA.toString('base64')}`);
    expect(ring.currentKeyId).toBe(keyIdOf(keyB));
    expect(ring.open(new SecretBox([keyA]).seal('x', 'r'), 'r')).toBe('x');
  });

  it('rejects keys that are not 32 bytes', () => {
    for (const bad of ['abc', 'ab'.repeat(31), Buffer.alloc(16).toString('base64'), 'z'.repeat(64)]) {
      expect(() => parseKey(bad)).toThrow(SecretBoxError);
    }
    expect(() => lazySecretBox({ secretsKey: 'corta', dataDir: '/nonexistent' })).toThrow(SecretBoxError);
  });

  it('creates a development key once (mode 0600) and reuses it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'travesia-keys-')), 'nested');
    let created = 0;
    const first = loadOrCreateDevKey(dir, () => created++);
    const second = loadOrCreateDevKey(dir, () => created++);
    expect(first).toEqual(second);
    expect(created).toBe(1);
    const file = path.join(dir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    const box = lazySecretBox({ dataDir: dir })();
    expect(box.currentKeyId).toBe(keyIdOf(first));
  });

  it('creates no file until a secret is used', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'travesia-keys-')), 'lazy');
    const get = lazySecretBox({ dataDir: dir });
    expect(() => statSync(dir)).toThrow();
    get();
    expect(statSync(path.join(dir, 'secrets.key')).isFile()).toBe(true);
  });
});
