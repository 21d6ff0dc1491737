import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, writeCookie } from './cookies';

/** Records what the code assigns to document.cookie (node has no DOM). */
function stubPage(protocol: 'http:' | 'https:') {
  const written: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    set cookie(v: string) {
      written.push(v);
    },
    get cookie() {
      return '';
    },
  });
  return written;
}

afterEach(() => vi.unstubAllGlobals());

describe('token cookie', () => {
  it('is Secure when the page came over https (issue 12, finding 9)', () => {
    const written = stubPage('https:');
    writeCookie('adm-kd-token', 'abc', new Date('2030-01-01T00:00:00Z'));
    deleteCookie('adm-kd-token');
    expect(written[0]).toMatch(/^adm-kd-token=abc; path=\/; SameSite=Strict; Secure; expires=/);
    expect(written[1]).toContain('; Secure');
  });

  it('stays usable on plain http (local development) without Secure', () => {
    const written = stubPage('http:');
    writeCookie('adm-kd-token', 'abc');
    expect(written[0]).toBe('adm-kd-token=abc; path=/; SameSite=Strict');
  });
});
