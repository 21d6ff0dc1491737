import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { exchangeRates } from '../../db/schema/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

const hotel10 = { name: 'Hoteles 10%', productKind: 'hotel', kind: 'percentage', value: '10' };

async function create(headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/markup', headers, payload });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  await t.database.db.insert(exchangeRates).values([
    { currency: 'COP', unitsPerUsd: '4000', validFrom: new Date('2020-01-01T00:00:00Z') },
    { currency: 'EUR', unitsPerUsd: '0.8', validFrom: new Date('2020-01-01T00:00:00Z') },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('markup rules: scope and permissions', () => {
  let platformId: string;
  let agencyRuleId: string;
  let otherAgencyRuleId: string;

  it('super creates a platform rule, and one for an agency', async () => {
    const res = await create(w.headers.super, { ...hotel10, name: 'Plataforma hoteles', priority: 5 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      scope: 'platform',
      agency: null,
      productKind: 'hotel',
      kind: 'percentage',
      value: '10',
      priority: 5,
      active: true,
      currency: null,
    });
    platformId = body._id;

    const forB = await create(w.headers.super, { ...hotel10, name: 'Agencia B', agencyId: w.agencyB.id });
    expect(forB.statusCode).toBe(201);
    expect(forB.json()).toMatchObject({ scope: 'agency', agency: { _id: w.agencyB.id, name: w.agencyB.name } });
    otherAgencyRuleId = forB.json()._id;
  });

  it('an agency admin creates rules for its own agency only, whatever the body says', async () => {
    const res = await create(w.headers.admin, { ...hotel10, agencyId: w.agencyB.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().agency._id).toBe(w.agencyA.id);
    agencyRuleId = res.json()._id;
  });

  it('lists by scope: super sees platform rules by default, an agency its own', async () => {
    const superList = (await t.app.inject({ url: '/api/markup', headers: w.headers.super })).json();
    expect(superList.docs.map((d: { _id: string }) => d._id)).toEqual([platformId]);
    const ofB = (await t.app.inject({ url: `/api/markup?agencyId=${w.agencyB.id}`, headers: w.headers.super })).json();
    expect(ofB.docs.map((d: { _id: string }) => d._id)).toEqual([otherAgencyRuleId]);
    const all = (await t.app.inject({ url: '/api/markup?scope=all', headers: w.headers.super })).json();
    expect(all.totalDocs).toBe(3);
    const agencyList = (await t.app.inject({ url: `/api/markup?scope=all&agencyId=${w.agencyB.id}`, headers: w.headers.admin })).json();
    expect(agencyList.docs.map((d: { _id: string }) => d._id)).toEqual([agencyRuleId]);
  });

  it('filters by text, active flag, product kind and supplier', async () => {
    const q = (qs: string) =>
      t.app.inject({ url: `/api/markup?scope=all&${qs}`, headers: w.headers.super }).then((r) => r.json().totalDocs);
    expect(await q('q=plataforma')).toBe(1);
    expect(await q('productKind=ticket')).toBe(0);
    expect(await q('active=false')).toBe(0);
    expect(await q('supplier=juniper')).toBe(0);
    const bad = await t.app.inject({ url: '/api/markup?productKind=cruise', headers: w.headers.super });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Tipo de producto no válido');
  });

  it("answers 404 for another agency's rule, on read, update and delete", async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/markup/${otherAgencyRuleId}`,
        headers: w.headers.admin,
        payload: method === 'PUT' ? { value: '1' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().msg).toBe('Markup no encontrado');
    }
    const platformByAgency = await t.app.inject({ url: `/api/markup/${platformId}`, headers: w.headers.admin });
    expect(platformByAgency.statusCode).toBe(404);
    const unknown = await t.app.inject({ url: '/api/markup/6f1c1f3e-8d5b-4c6a-9d63-000000000000', headers: w.headers.super });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/markup/nope', headers: w.headers.super });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses advisers, resellers and product loaders (403) and anonymous callers (401)', async () => {
    for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await t.app.inject({ url: '/api/markup', headers: h })).statusCode).toBe(403);
      expect((await create(h, hotel10)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/markup/${agencyRuleId}`, headers: h })).statusCode).toBe(403);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/markup/preview',
            headers: h,
            payload: { cost: { amount: '1', currency: 'USD' } },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/markup' })).statusCode).toBe(401);
  });

  it('updates partially, re-checking the whole rule, and toggles active', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/markup/${agencyRuleId}`,
      headers: w.headers.admin,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, value: '10', productKind: 'hotel' });
    // switching to fixed without a currency is incomplete
    const fixed = await t.app.inject({
      method: 'PUT',
      url: `/api/markup/${agencyRuleId}`,
      headers: w.headers.admin,
      payload: { kind: 'fixed' },
    });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().fields).toEqual({ currency: 'La moneda es obligatoria para un valor fijo' });
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/markup/${agencyRuleId}`,
      headers: w.headers.admin,
      payload: { kind: 'fixed', value: '12.5', currency: 'eur', basis: 'night', productKind: null },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'fixed', value: '12.5', currency: 'EUR', basis: 'night', productKind: null, active: false });
    const percentAgain = await t.app.inject({
      method: 'PUT',
      url: `/api/markup/${agencyRuleId}`,
      headers: w.headers.admin,
      payload: { kind: 'percentage', value: '101' },
    });
    expect(percentAgain.statusCode).toBe(400);
    expect(percentAgain.json().msg).toBe('El porcentaje debe estar entre 0 y 100');
  });

  it('lets super move a rule to an agency but not to one that does not exist', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/markup/${platformId}`,
      headers: w.headers.super,
      payload: { agencyId: '6f1c1f3e-8d5b-4c6a-9d63-000000000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Agencia no encontrada');
  });

  it('deletes', async () => {
    const r = await create(w.headers.admin, { ...hotel10, name: 'Para borrar' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/markup/${r.json()._id}`, headers: w.headers.admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, msg: 'Markup eliminado' });
    expect((await t.app.inject({ url: `/api/markup/${r.json()._id}`, headers: w.headers.admin })).statusCode).toBe(404);
  });
});

describe('markup rules: validation', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['missing name', { kind: 'percentage', value: '5' }, { name: 'El nombre es obligatorio' }],
    ['percent above 100', { name: 'x', kind: 'percentage', value: '150' }, { value: 'El porcentaje debe estar entre 0 y 100' }],
    ['negative percent', { name: 'x', kind: 'percentage', value: '-5' }, { value: 'El porcentaje debe estar entre 0 y 100' }],
    [
      'negative amount',
      { name: 'x', kind: 'fixed', value: '-5', currency: 'USD' },
      { value: 'El valor no puede ser negativo salvo que se permita vender bajo el costo' },
    ],
    ['fixed without currency', { name: 'x', kind: 'fixed', value: '5' }, { currency: 'La moneda es obligatoria para un valor fijo' }],
    [
      'unknown currency',
      { name: 'x', kind: 'fixed', value: '5', currency: 'XYZ' },
      { currency: 'La moneda debe ser un código ISO 4217 válido, por ejemplo USD' },
    ],
    [
      'float-looking value',
      { name: 'x', kind: 'percentage', value: '1e2' },
      { value: 'El valor debe ser un número decimal, por ejemplo 10 o 12.50' },
    ],
    [
      'travel dates reversed',
      { name: 'x', kind: 'percentage', value: '5', travelFrom: '2026-05-10', travelTo: '2026-05-01' },
      { travelTo: 'La fecha final de viaje debe ser igual o posterior a la inicial' },
    ],
    [
      'booking dates reversed',
      { name: 'x', kind: 'percentage', value: '5', bookingFrom: '2026-05-10', bookingTo: '2026-05-01' },
      { bookingTo: 'La fecha final de reserva debe ser igual o posterior a la inicial' },
    ],
    [
      'impossible date',
      { name: 'x', kind: 'percentage', value: '5', travelFrom: '2026-02-30' },
      { travelFrom: 'La fecha debe tener el formato aaaa-mm-dd' },
    ],
    [
      'priority out of range',
      { name: 'x', kind: 'percentage', value: '5', priority: 5000 },
      { priority: 'La prioridad debe ser un número entero entre 0 y 1000' },
    ],
    ['bad destination', { name: 'x', kind: 'percentage', value: '5', destinationId: 'bogota' }, { destinationId: 'Destino no válido' }],
    ['bad supplier', { name: 'x', kind: 'percentage', value: '5', supplier: 'amadeus' }, { supplier: 'Proveedor no válido' }],
  ];
  for (const [label, payload, fields] of cases) {
    it(`rejects ${label} with a Spanish message`, async () => {
      const res = await create(w.headers.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
    });
  }

  it('accepts a discount only when flagged', async () => {
    const res = await create(w.headers.admin, { name: 'Promo', kind: 'percentage', value: '-10', allowBelowCost: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ value: '-10', allowBelowCost: true });
    await t.app.inject({ method: 'DELETE', url: `/api/markup/${res.json()._id}`, headers: w.headers.admin });
  });

  it('never answers 500 on odd bodies', async () => {
    for (const payload of [
      [],
      'texto',
      { name: 'x', kind: 'percentage', value: {} },
      { name: 'x', kind: 'percentage', value: '5', active: 'si' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/markup',
        headers: { ...w.headers.admin, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('markup preview', () => {
  it('applies a draft for one supplier and destination to a sample of that supplier there, and to no other (issue 15)', async () => {
    const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
    const cartagena = await insertPlace(t.database, 'Cartagena de Indias', 'city', colombia);
    const draft = {
      name: 'Hotelbeds Cartagena',
      productKind: 'hotel',
      supplier: 'hotelbeds',
      destinationId: cartagena.id,
      kind: 'percentage',
      value: '10',
      priority: 999,
    };
    const preview = async (supplier: string, destinationAncestors: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/markup/preview',
        headers: w.headers.admin,
        payload: { cost: { amount: '200', currency: 'USD' }, productKind: 'hotel', supplier, destinationAncestors, draft },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().breakdown as { price: string };
    };
    expect((await preview('hotelbeds', [cartagena.id, colombia.id])).price).toBe('220.00');
    expect((await preview('restel', [cartagena.id, colombia.id])).price).toBe('200.00');
    expect((await preview('hotelbeds', [colombia.id])).price).toBe('200.00');
  });

  it('shows an agency admin what a draft 10% hotel rule does to its own cost', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: {
        cost: { amount: '200', currency: 'USD' },
        productKind: 'hotel',
        draft: { name: 'Nuevo', productKind: 'hotel', kind: 'percentage', value: '10', priority: 999 },
      },
    });
    expect(res.statusCode).toBe(200);
    const { breakdown, levels } = res.json();
    expect(levels).toEqual(['agency']);
    expect(breakdown).toMatchObject({ agencyCost: '200.00', price: '220.00', currency: 'USD', cost: null, usdEquivalent: '220.00' });
    expect(breakdown.steps).toEqual([
      {
        ruleId: '00000000-0000-4000-8000-000000000000',
        scope: 'agency',
        kind: 'percentage',
        value: '10',
        valueCurrency: null,
        basis: null,
        amount: '20.00',
      },
    ]);
  });

  it('converts to the target currency with COP rounding', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: {
        cost: { amount: '99.99', currency: 'USD' },
        targetCurrency: 'COP',
        draft: { name: 'x', kind: 'percentage', value: '10', priority: 999 },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().breakdown).toMatchObject({ price: '439956', currency: 'COP', usdEquivalent: '109.99' });
  });

  it('gives super the full chain: supplier cost, platform rule, then the agency rules', async () => {
    const rule = await create(w.headers.super, { name: 'Plataforma 5%', kind: 'percentage', value: '5', priority: 1000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.super,
      payload: { cost: { amount: '100', currency: 'EUR' }, targetCurrency: 'USD', productKind: 'ticket', agencyId: w.agencyA.id },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().breakdown;
    expect(res.json().levels).toEqual(['platform', 'agency']);
    expect(b).toMatchObject({ cost: '100', costCurrency: 'EUR', rate: '1.25', convertedCost: '125.00', agencyCost: '131.25' });
    expect(b.steps[0]).toMatchObject({ ruleId: rule.json()._id, scope: 'platform', amount: '6.25' });
    await t.app.inject({ method: 'DELETE', url: `/api/markup/${rule.json()._id}`, headers: w.headers.super });
  });

  it('answers a clear Spanish 422 when a rate is missing, never 1:1', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: { cost: { amount: '100', currency: 'GBP' }, targetCurrency: 'USD' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'EXCHANGE_RATE_MISSING',
      msg: 'No hay tasa de cambio vigente para GBP. Pide al administrador de la plataforma que la registre.',
    });
  });

  it('validates the sample', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markup/preview',
      headers: w.headers.admin,
      payload: { cost: { amount: '-3', currency: 'USD' }, paxes: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'cost.amount': 'El valor no puede ser negativo',
      paxes: 'Los pasajeros deben ser un número entero entre 1 y 99',
    });
  });
});
