import { VALIDATION_MESSAGES, VOUCHER_MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Issue 12 finding 12: bad input gets a 400 in the app's shape with the product's Spanish text, never a 500. */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = w.headers.super) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

/** The app's error body: success false, error true, an app code (never Fastify's FST_*) and a message. */
function expectAppError(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, error: true, code: expect.any(String), msg: expect.any(String) });
  expect(body.code).not.toMatch(/^FST_/);
  expect(body.msg).not.toMatch(/Entrada inválida|se esperaba|recibido|Bad Request|not a valid|exceeding|Invalid|expected/);
  return body as { code: string; msg: string; fields?: Record<string, string> };
}

describe('impossible and absurd dates', () => {
  it.each([
    '/api/voucher?from=2026-02-30',
    '/api/voucher?to=2026-13-01',
    '/api/voucher?from=2026-00-10',
    '/api/voucher/all?to=2026-04-31',
    '/api/voucher/export?from=2026-02-30',
    '/api/voucher/export?to=2026-13-01',
    '/api/voucher?from=0000-01-01',
  ])('%s is a 400 with the voucher date message', async (url) => {
    const body = expectAppError(await call('GET', url), 400);
    expect(body.msg).toBe(VOUCHER_MESSAGES.invalidDate);
  });

  it.each(['/api/supplier-audit?to=9999-12-31', '/api/supplier-audit?from=0001-01-01', '/api/supplier-audit?from=2025-02-29'])(
    '%s is a 400',
    async (url) => {
      const body = expectAppError(await call('GET', url), 400);
      expect(body.fields).toHaveProperty(url.includes('to=') ? 'to' : 'from');
    },
  );

  it('real dates still filter', async () => {
    expect((await call('GET', '/api/voucher?from=2024-02-29&to=2026-12-31')).statusCode).toBe(200);
    expect((await call('GET', '/api/supplier-audit?from=2024-02-29&to=2099-12-31')).statusCode).toBe(200);
  });
});

describe('NUL characters', () => {
  it('a NUL byte in a profile name is a 400, not a 500', async () => {
    const res = await call('PUT', `/api/user/${w.users.adviser.id}`, {
      profile: { name: 'Ana\u0000', lastName: 'Pérez', docType: 'CC', docNumber: '1' },
    });
    const body = expectAppError(res, 400);
    expect(body.fields).toEqual({ 'profile.name': VALIDATION_MESSAGES.nul });
  });

  it('in any text of any body, query or key', async () => {
    expectAppError(await call('POST', '/api/agency', { name: 'Viajes\u0000' }), 400);
    expectAppError(await call('GET', '/api/agency?q=a%00b'), 400);
    expectAppError(await call('POST', '/api/place/autocomplete', { q: 'x', 'k\u0000': 1 }), 400);
    const user = expectAppError(
      await call('POST', '/api/user', {
        email: 'nul@test.example',
        type: 'adviser',
        agencyId: w.agencyA.id,
        profile: { name: 'Ana', lastName: 'P', docType: 'CC', docNumber: '1', phone: '\u0000' },
      }),
      400,
    );
    expect(user.fields).toEqual({ 'profile.phone': VALIDATION_MESSAGES.nul });
  });

  it('absurdly deep JSON is a 400', async () => {
    const deep = `{"name":"Hondo","options":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const body = expectAppError(await call('POST', '/api/agency', deep, { ...w.headers.super, 'content-type': 'application/json' }), 400);
    expect(body.msg).toBe(VALIDATION_MESSAGES.tooDeep);
  });
});

describe('framework errors in the app shape, in Spanish', () => {
  it('a malformed percent escape', async () => {
    expect(expectAppError(await call('GET', '/api/%'), 400).code).toBe('BAD_URL');
    expectAppError(await call('GET', '/api/agency/%E0%A4%A'), 400);
  });

  it('a parameter longer than the router allows', async () => {
    expect(expectAppError(await call('GET', `/api/agency/${'a'.repeat(500)}`), 414).code).toBe('URI_TOO_LONG');
  });

  it('unsupported media type, empty JSON, broken JSON, too large', async () => {
    const json = { ...w.headers.super, 'content-type': 'application/json' };
    expect(
      expectAppError(await call('POST', '/api/agency', '<a/>', { ...w.headers.super, 'content-type': 'application/xml' }), 415).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(expectAppError(await call('POST', '/api/agency', '', json), 400).code).toBe('EMPTY_BODY');
    expect(expectAppError(await call('POST', '/api/agency', '{"name":', json), 400).code).toBe('INVALID_JSON');
    expect(expectAppError(await call('POST', '/api/agency', `"${'x'.repeat(2 * 1024 * 1024)}"`, json), 413).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('validation messages are the product’s own', () => {
  it('wrong types read as the catalogue, never the library', async () => {
    const notObject = expectAppError(
      await call('POST', '/api/agency', '"hola"', { ...w.headers.super, 'content-type': 'application/json' }),
      400,
    );
    expect(notObject.msg).toBe(VALIDATION_MESSAGES.object);
    const fields = expectAppError(await call('PUT', `/api/agency/${w.agencyA.id}`, { active: 'sí', options: [], logo: 5 }), 400).fields;
    expect(fields).toEqual({ active: VALIDATION_MESSAGES.boolean, options: VALIDATION_MESSAGES.object, logo: 'Debe ser texto' });
    const missing = expectAppError(await call('POST', '/api/exchange-rate', {}), 404);
    expect(missing.code).toBe('ROUTE_NOT_FOUND');
  });

  it('keeps the field-specific spec messages', async () => {
    const body = expectAppError(await call('POST', '/api/agency', { name: '' }), 400);
    expect(body.fields).toEqual({ name: 'Nombre es obligatorio' });
  });
});
