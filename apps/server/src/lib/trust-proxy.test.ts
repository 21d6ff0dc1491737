import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy.js';

describe('parseTrustProxy', () => {
  it('trusts nobody by default', () => {
    for (const v of [undefined, '', 'false', 'FALSE', '0']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('reads a hop count; true is one hop, never "trust everything"', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toBe(1);
  });

  it('reads a comma list of addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else so a typo cannot trust too much', () => {
    for (const v of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', 'lb.internal', '10.0.0.1,', '11', '10.0.0.0/8/1', '-1']) {
      const r = parseTrustProxy(v);
      if (v === '10.0.0.1,') expect(r).toEqual(['10.0.0.1']);
      else expect(r).toHaveProperty('error');
    }
  });
});
