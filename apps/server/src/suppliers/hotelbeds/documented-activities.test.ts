import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import type { Traveller } from '../types.js';
import { HotelbedsActivityAdapter } from './activity-adapter.js';

/**
 * Hotelbeds Activities' documented replies (fixtures/activities-*.json, sources A1–A6 in
 * fixtures/README.md) replayed through the ticket adapter: two pages of availability, details with
 * mandatory questions, sessions and languages, and a confirmation carrying the provider's vouchers.
 */
function replay() {
  const http = new ReplayHttp((req: SupplierRequest) => {
    const path = new URL(req.url).pathname.replace(/^.*\/activity-api\/3\.0/, '');
    const json = (name: string) => ({ body: fixture('hotelbeds', name), contentType: 'application/json' });
    if (req.method === 'POST' && path === '/activities') {
      const page = JSON.parse(String(req.body)).pagination.page as number;
      return json(`activities-availability-${page}.response.json`);
    }
    if (req.method === 'POST' && path === '/activities/details') return json('activities-details.response.json');
    if (req.method === 'PUT' && path === '/bookings') return json('activities-booking-confirm.response.json');
    throw new Error(`no fixture for ${req.method} ${path}`);
  });
  return { http, adapter: new HotelbedsActivityAdapter(http, replayAccount('hotelbeds'), { pageSize: 1, maxPages: 5 }) };
}

const search = { destination: 'MAD', from: '2030-06-15', to: '2030-06-15', paxAges: [30, 8] };
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const paxes: Traveller[] = [
  { name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 },
  { name: 'Sol', surname: 'Pérez', type: 'child', age: 8 },
];

describe('hotelbeds activities: documented replies', () => {
  it('reads both pages; offers carry questions, sessions, languages, pickup, content and the chosen day policy', async () => {
    const { http, adapter } = replay();
    const { offers } = await adapter.search(search);
    expect(http.sent.map((r) => JSON.parse(String(r.body)).pagination.page)).toEqual([1, 2]);
    expect(offers.map((o) => o.activity.code).sort()).toEqual(['E-E10-PRADO', 'E-E10-TOLEDO']);
    const prado = offers.find((o) => o.activity.code === 'E-E10-PRADO');
    expect(prado?.questions?.filter((q) => q.required).map((q) => q.code)).toEqual(['DIRECCIONHTL', 'EMAIL']);
    expect(prado?.sessions).toEqual([
      { code: '1000', name: '10:00' },
      { code: '1600', name: '16:00' },
    ]);
    expect(prado?.languages).toEqual([
      { code: 'es', name: 'Spanish' },
      { code: 'en', name: 'English' },
    ]);
    // Operation dates 14 and 15 June have their own policies: the 15th's applies.
    expect(prado?.cancellation.rules[0].from.slice(0, 10)).toBe('2030-06-13');
    expect(prado?.content).toMatchObject({
      inclusions: ['Official guide', 'Entrance ticket'],
      exclusions: ['Tips'],
      importantInfo: ['Bring a valid ID.'],
      meetingPoint: { address: 'Calle Ruiz de Alarcón 23', location: { lat: 40.4138, lng: -3.6921 } },
    });
    expect(prado?.duration).toEqual({ value: 2, unit: 'HOURS' });
    const toledo = offers.find((o) => o.activity.code === 'E-E10-TOLEDO');
    expect(toledo?.pickupPoints).toEqual([
      {
        code: 'MAD-C',
        name: 'Plaza de Oriente',
        time: '08:15',
        address: 'In front of the Royal Palace',
        location: { lat: 40.4183, lng: -3.7122 },
      },
    ]);
  });

  it('details then a confirmation with answers, session, language and the documented pax types; vouchers kept', async () => {
    const { http, adapter } = replay();
    const offer = (await adapter.search(search)).offers.find((o) => o.activity.code === 'E-E10-PRADO');
    if (!offer) throw new Error('fixture without Prado');
    const quote = await adapter.quote(offer);
    expect(quote.token.value).toBe('FIXTURE-E-E10-PRADO-DETAIL');
    const missing = await caught(() =>
      adapter.book({ quote, holder, paxes, clientReference: 'TVFIXTURE0003', session: '1000', language: 'es', answers: [] }),
    );
    expect(missing.code).toBe('SUPPLIER_INVALID_REQUEST');
    const booking = await adapter.book({
      quote,
      holder,
      paxes,
      clientReference: 'TVFIXTURE0003',
      session: '1000',
      language: 'es',
      answers: [
        { code: 'DIRECCIONHTL', answer: 'Calle Mayor 1, 28013 Madrid' },
        { code: 'EMAIL', answer: 'ana@agencia.test' },
      ],
    });
    const confirm = JSON.parse(String(http.sent.at(-1)?.body));
    expect(confirm.activities[0]).toMatchObject({
      rateKey: 'FIXTURE-E-E10-PRADO-DETAIL',
      session: '1000',
      serviceLanguage: 'es',
      answers: [
        { question: { code: 'DIRECCIONHTL' }, answer: 'Calle Mayor 1, 28013 Madrid' },
        { question: { code: 'EMAIL' }, answer: 'ana@agencia.test' },
      ],
    });
    expect(confirm.activities[0].paxes.map((p: { type: string }) => p.type)).toEqual(['ADULT', 'CHILDREN']);
    expect(booking).toMatchObject({
      ref: { locator: '102-5120302' },
      status: 'confirmed',
      session: { code: '1000', name: '10:00' },
      language: { code: 'es', name: 'Spanish' },
      supplierContact: { name: 'Museo Nacional del Prado', phone: '+34913302800' },
    });
    expect(booking.supplierVouchers).toEqual([
      { language: 'es', url: 'https://vouchers.example.test/102-5120302.pdf', mimeType: 'application/pdf' },
      { language: 'es', url: 'https://vouchers.example.test/102-5120302.html', mimeType: 'text/html' },
    ]);
  });
});
