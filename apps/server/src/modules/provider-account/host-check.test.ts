import { describe, expect, it } from 'vitest';
import type { ResolveAll } from '../../suppliers/http/guarded-agent.js';
import { hostResolvesPublic } from './host-check.js';

/** Issue 12 #8: a host name is resolved when saved, and every address it resolves to must be public. */
const resolver =
  (table: Record<string, string[]>): ResolveAll =>
  async (name) => {
    const found = table[name];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('hostResolvesPublic', () => {
  const dns = resolver({
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'app.localtest.me': ['127.0.0.1'],
    'metadata.attacker.com': ['169.254.169.254'],
    'v6.attacker.com': ['::7f00:1'],
    'half.attacker.com': ['52.95.110.1', '192.168.0.10'],
    'xml.proveedor.com': ['52.95.110.1', '2a05:d018::1'],
  });

  it.each([
    'http://127.0.0.1.nip.io',
    'https://app.localtest.me/x',
    'http://metadata.attacker.com',
    'http://v6.attacker.com',
    'https://half.attacker.com',
  ])('refuses %s, which resolves to a private or special address', async (url) => expect(await hostResolvesPublic(url, dns)).toBe(false));

  it('accepts a name whose every address is public, and a name that does not resolve yet', async () => {
    expect(await hostResolvesPublic('https://xml.proveedor.com/ws', dns)).toBe(true);
    expect(await hostResolvesPublic('https://nuevo.proveedor.com/ws', dns)).toBe(true);
  });
});
