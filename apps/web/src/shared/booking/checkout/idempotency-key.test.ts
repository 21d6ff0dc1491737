import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('is hb- and 32 hex characters, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^hb-[0-9a-f]{32}$/);
  });

  it('starts with the product prefix it is given', () => {
    expect(newIdempotencyKey('tk')).toMatch(/^tk-[0-9a-f]{32}$/);
  });
});
