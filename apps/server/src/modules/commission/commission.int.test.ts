import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const url = '/api/configuration/commission';

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

describe('agency commission setting', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await t.app.inject({ url, headers: w.headers.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agencyId: w.agencyA.id,
      mode: 'on-top',
      type: 'percentage',
      value: '0',
      currency: 'USD',
      roundUp: false,
      updatedAt: null,
    });
  });

  it('lets the agency admin save its own setting', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { mode: 'included', type: 'fixed', value: '15.5', currency: 'cop', roundUp: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agencyId: w.agencyA.id,
      mode: 'included',
      type: 'fixed',
      value: '15.5',
      currency: 'COP',
      roundUp: true,
    });
    const again = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { mode: 'on-top', type: 'percentage', value: '5', currency: 'USD', roundUp: false },
    });
    expect(again.json()).toMatchObject({ mode: 'on-top', type: 'percentage', value: '5' });
    // another agency is untouched
    expect((await t.app.inject({ url, headers: w.headers.adminB })).json()).toMatchObject({ agencyId: w.agencyB.id, value: '0' });
  });

  it('makes super name an existing agency', async () => {
    const none = await t.app.inject({ url, headers: w.headers.super });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Selecciona una agencia');
    const unknown = await t.app.inject({ url: `${url}?agencyId=6f1c1f3e-8d5b-4c6a-9d63-000000000000`, headers: w.headers.super });
    expect(unknown.statusCode).toBe(404);
    const a = await t.app.inject({ url: `${url}?agencyId=${w.agencyA.id}`, headers: w.headers.super });
    expect(a.json()).toMatchObject({ agencyId: w.agencyA.id, value: '5' });
  });

  it('ignores an agencyId from an agency admin (scope from the session)', async () => {
    const res = await t.app.inject({ url: `${url}?agencyId=${w.agencyB.id}`, headers: w.headers.admin });
    expect(res.json().agencyId).toBe(w.agencyA.id);
  });

  it('refuses advisers, resellers and product loaders', async () => {
    for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await t.app.inject({ url, headers: h })).statusCode).toBe(403);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url,
            headers: h,
            payload: { mode: 'on-top', type: 'percentage', value: '1', currency: 'USD', roundUp: false },
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('validates with Spanish messages', async () => {
    const base = { mode: 'on-top', type: 'percentage', value: '5', currency: 'USD', roundUp: false };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ value: '120' }, 'value', 'El porcentaje de comisión debe estar entre 0 y 100'],
      [{ value: '-1' }, 'value', 'El valor no puede ser negativo'],
      [{ value: 'diez' }, 'value', 'El valor debe ser un número decimal, por ejemplo 10 o 12.50'],
      [{ mode: 'half' }, 'mode', 'Modo de comisión no válido'],
      [{ currency: 'ABC' }, 'currency', 'La moneda debe ser un código ISO 4217 válido, por ejemplo USD'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await t.app.inject({ method: 'PUT', url, headers: w.headers.admin, payload: { ...base, ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field]).toBe(msg);
    }
  });

  it('is used by the preview: the agency default commission on top of the price', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: { cost: { amount: '100', currency: 'USD' }, draft: { name: 'x', kind: 'percentage', value: '20' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().breakdown).toMatchObject({
      netPrice: '120.00',
      price: '126.00',
      commission: { mode: 'on-top', amount: '6.00', source: 'agency' },
    });
    const withUser = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: { cost: { amount: '100', currency: 'USD' }, commission: { type: 'fixed', value: '3' } },
    });
    expect(withUser.json().breakdown).toMatchObject({ price: '103.00', commission: { type: 'fixed', amount: '3.00', source: 'user' } });
  });
});
