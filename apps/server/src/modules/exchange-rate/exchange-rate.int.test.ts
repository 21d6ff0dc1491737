import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/exchange-rate', headers, payload: payload as object });

describe('exchange rates', () => {
  it('starts empty, USD as base', async () => {
    const res = await t.app.inject({ url: '/api/exchange-rate', headers: w.headers.adviser });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ base: 'USD', rates: [] });
  });

  it('lets super set rates with a validity start, keeping history', async () => {
    const first = await put(w.headers.super, {
      rates: [
        { currency: 'COP', unitsPerUsd: '4000' },
        { currency: 'eur', unitsPerUsd: 0.9 },
      ],
      validFrom: '2025-01-01T00:00:00Z',
    });
    expect(first.statusCode).toBe(200);
    const second = await put(w.headers.super, { rates: [{ currency: 'COP', unitsPerUsd: '4200.5' }], validFrom: '2025-06-01T00:00:00Z' });
    expect(second.statusCode).toBe(200);
    const rates = second.json().rates;
    expect(rates.map((r: { currency: string; unitsPerUsd: string }) => [r.currency, r.unitsPerUsd])).toEqual([
      ['COP', '4200.5'],
      ['EUR', '0.9'],
    ]);
    expect(rates[0].setBy).toMatchObject({ _id: w.users.superUser.id, email: w.users.superUser.email });
  });

  it("never shows the setter's e-mail or id in the rates every user reads (issue 12 #5)", async () => {
    const profile = w.users.superUser.profile as { name: string; lastName: string };
    for (const headers of [w.headers.adviser, w.headers.reseller, w.headers.admin, w.headers.loader, w.headers.super]) {
      const res = await t.app.inject({ url: '/api/exchange-rate', headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(w.users.superUser.email);
      expect(res.body).not.toContain(w.users.superUser.id);
      expect(res.json().rates[0].setBy).toEqual({ name: `${profile.name} ${profile.lastName}`.trim() });
    }
  });

  it('answers the rate valid at a given instant', async () => {
    const at = async (iso: string) =>
      (await t.app.inject({ url: `/api/exchange-rate?at=${encodeURIComponent(iso)}`, headers: w.headers.admin }))
        .json()
        .rates.map((r: { currency: string; unitsPerUsd: string }) => `${r.currency}=${r.unitsPerUsd}`);
    expect(await at('2024-12-31T23:59:59Z')).toEqual([]);
    expect(await at('2025-01-01T00:00:00Z')).toEqual(['COP=4000', 'EUR=0.9']);
    expect(await at('2025-05-31T23:59:59Z')).toEqual(['COP=4000', 'EUR=0.9']);
    expect(await at('2025-06-01T00:00:00Z')).toEqual(['COP=4200.5', 'EUR=0.9']);
    const bad = await t.app.inject({ url: '/api/exchange-rate?at=ayer', headers: w.headers.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('converts with the rate valid at the time, and fails clearly on a missing one', async () => {
    const svc = t.app.services.exchangeRates;
    expect(await svc.convert('100', 'USD', 'COP', new Date('2025-03-01T00:00:00Z'))).toEqual({
      amount: '400000',
      rate: '4000',
      currency: 'COP',
    });
    expect(await svc.convert('100', 'USD', 'COP', new Date('2025-07-01T00:00:00Z'))).toEqual({
      amount: '420050',
      rate: '4200.5',
      currency: 'COP',
    });
    expect(await svc.convert('90', 'EUR', 'COP', new Date('2025-03-01T00:00:00Z'))).toMatchObject({ amount: '400000' });
    await expect(svc.convert('10', 'USD', 'COP', new Date('2024-01-01T00:00:00Z'))).rejects.toMatchObject({
      status: 422,
      code: 'EXCHANGE_RATE_MISSING',
      message: 'No hay tasa de cambio vigente para COP. Pide al administrador de la plataforma que la registre.',
    });
    await expect(svc.convert('10', 'MXN', 'USD')).rejects.toMatchObject({ status: 422 });
  });

  it('lists the history for super', async () => {
    const res = await t.app.inject({ url: '/api/exchange-rate/history?currency=COP', headers: w.headers.super });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { unitsPerUsd: string }) => r.unitsPerUsd)).toEqual(['4200.5', '4000']);
  });

  it('refuses anyone but super to change or audit rates', async () => {
    for (const h of [w.headers.admin, w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await put(h, { rates: [{ currency: 'COP', unitsPerUsd: '1' }] })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/exchange-rate/history', headers: h })).statusCode).toBe(403);
    }
  });

  it('validates rates with Spanish messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ rates: [] }, 'Indica al menos una tasa'],
      [{ rates: [{ currency: 'USD', unitsPerUsd: '1' }] }, 'El dólar (USD) es la moneda base y su tasa es siempre 1'],
      [{ rates: [{ currency: 'COP', unitsPerUsd: '0' }] }, 'La tasa debe ser un número mayor que cero, por ejemplo 4100.50'],
      [{ rates: [{ currency: 'COP', unitsPerUsd: '-4' }] }, 'La tasa debe ser un número mayor que cero, por ejemplo 4100.50'],
      [{ rates: [{ currency: 'PESOS', unitsPerUsd: '4' }] }, 'La moneda debe ser un código ISO 4217 válido, por ejemplo USD'],
      [
        {
          rates: [
            { currency: 'COP', unitsPerUsd: '4' },
            { currency: 'COP', unitsPerUsd: '5' },
          ],
        },
        'Hay monedas repetidas en la lista',
      ],
    ];
    for (const [payload, msg] of cases) {
      const res = await put(w.headers.super, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('refuses a second rate for the same currency and instant with a 409', async () => {
    const res = await put(w.headers.super, { rates: [{ currency: 'COP', unitsPerUsd: '4100' }], validFrom: '2025-06-01T00:00:00Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Ya hay una tasa registrada para esa moneda en ese mismo instante');
  });
});
