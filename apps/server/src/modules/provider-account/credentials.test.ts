import { inspect } from 'node:util';
import { credentialIssues, isAllowedHost, maskSecret, PROVIDER_MESSAGES } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../lib/secret-box.js';
import { guardCredentials, maskCredentials, mergeCredentials, openCredentials, sealCredentials } from './credentials.js';

const box = new SecretBox([Buffer.alloc(32, 7)]);

describe('credentials', () => {
  it('seal and open round-trip, bound to the account id', () => {
    const sealed = sealCredentials(box, 'acc-1', { user: 'u', password: 'p' });
    expect(openCredentials(box, 'acc-1', sealed)).toEqual({ password: 'p', user: 'u' });
    expect(() => openCredentials(box, 'acc-2', sealed)).toThrow();
  });

  it('masks only secret fields', () => {
    expect(maskCredentials('santsg', { agency: 'A', user: 'U', password: 'una-clave-bastante-larga' })).toEqual({
      agency: 'A',
      user: 'U',
      password: '••••••arga',
    });
    expect(maskSecret('corta')).toBe('••••••');
  });

  it('merges an edit: mask keeps, empty clears an optional field, a new value replaces', () => {
    const stored = { email: 'e@x.co', password: 'clave-almacenada-1234', host: 'https://a.example.com' };
    const r = mergeCredentials('juniper', stored, { password: maskSecret(stored.password), host: '' });
    expect(r.issues).toEqual({});
    expect(r.credentials).toEqual({ email: 'e@x.co', password: 'clave-almacenada-1234' });
    expect(mergeCredentials('juniper', stored, { password: 'nueva' }).credentials.password).toBe('nueva');
    expect(mergeCredentials('juniper', stored, { password: '••••••9999' }).issues).toEqual({
      password: PROVIDER_MESSAGES.credentialMasked,
    });
    expect(mergeCredentials('juniper', stored, { email: '••••••' }).issues).toEqual({ email: PROVIDER_MESSAGES.credentialMasked });
    expect(mergeCredentials('juniper', {}, { email: 'e@x.co' }).issues).toEqual({ password: PROVIDER_MESSAGES.credentialRequired });
  });

  it('checks fields per supplier', () => {
    expect(credentialIssues('restel', { codigousu: 'a', clausu: 'b', afiliacio: 'c', secacc: 'd' }, false)).toEqual({});
    expect(credentialIssues('restel', { codigousu: 'a' }, true)).toEqual({});
    expect(Object.keys(credentialIssues('restel', { codigousu: 'a' }, false)).sort()).toEqual(['afiliacio', 'clausu', 'secacc']);
    expect(credentialIssues('santsg', { foo: 'x' }, true)).toEqual({ foo: PROVIDER_MESSAGES.credentialUnknown });
  });

  it('accepts only public http(s) hosts', () => {
    for (const ok of ['https://xml.hotelbeds.com', 'http://webservice.tourvisio.com/v2', 'https://8.8.8.8'])
      expect(isAllowedHost(ok), ok).toBe(true);
    for (const bad of [
      'ftp://x.example.com',
      'https://localhost',
      'http://127.0.0.1:3900',
      'http://10.0.0.5',
      'http://192.168.1.1',
      'http://172.20.0.1',
      'http://169.254.169.254/latest',
      'http://[::1]/',
      'http://[fd00::1]/',
      'https://user:pw@x.example.com',
      'https://x.example.com/?q=1',
      'intranet',
      'no es url',
    ])
      expect(isAllowedHost(bad), bad).toBe(false);
  });

  it('a guarded credentials object never prints its values', () => {
    const g = guardCredentials({ password: 'ultra-secreta' });
    expect(g.password).toBe('ultra-secreta');
    expect(Object.keys(g)).toEqual(['password']);
    expect(JSON.stringify({ account: { credentials: g } })).not.toContain('ultra-secreta');
    expect(inspect({ credentials: g })).not.toContain('ultra-secreta');
    expect(`${JSON.stringify(g)}`).toBe('"[redacted]"');
  });
});
