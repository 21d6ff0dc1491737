import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import { HotelbedsHotelAdapter } from './hotel-adapter.js';

/**
 * Hotelbeds' documented replies (fixtures/, sources in fixtures/README.md) replayed through the hotel
 * adapter: availability, CheckRate (one rateKey per call), booking, detail, list and cancellation.
 */
function answer(req: SupplierRequest, over: Partial<Record<string, string>>) {
  const url = new URL(req.url);
  const path = url.pathname.replace(/^.*\/hotel-api\/1\.0/, '');
  const pick = (name: string, fallback: string) => ({
    body: fixture('hotelbeds', over[name] ?? fallback),
    contentType: 'application/json',
  });
  if (req.method === 'POST' && path === '/hotels') return pick('hotels', 'availability.response.json');
  if (req.method === 'POST' && path === '/checkrates') {
    const key = JSON.parse(String(req.body)).rooms[0].rateKey as string;
    return pick('checkrates', key.endsWith('FIXTURE1') ? 'checkrate-1.response.json' : 'checkrate-2.response.json');
  }
  if (req.method === 'POST' && path === '/bookings') return pick('book', 'booking.response.json');
  if (req.method === 'GET' && path === '/bookings') return pick('list', 'bookings-list.response.json');
  if (req.method === 'GET') return pick('read', 'booking.response.json');
  if (req.method === 'DELETE')
    return pick(
      'cancel',
      url.searchParams.get('cancellationFlag') === 'SIMULATION' ? 'cancel-simulation.response.json' : 'cancel.response.json',
    );
  throw new Error(`no fixture for ${req.method} ${path}`);
}

function replay(over: Partial<Record<string, string>> = {}, status?: number) {
  const http = new ReplayHttp((req) => ({ ...answer(req, over), ...(status ? { status } : {}) }));
  return { http, adapter: new HotelbedsHotelAdapter(http, replayAccount('hotelbeds')) };
}

const search = {
  checkIn: '2030-06-15',
  checkOut: '2030-06-16',
  hotelCodes: ['124294'],
  rooms: [
    { adults: 2, childrenAges: [] },
    { adults: 1, childrenAges: [] },
  ],
};

describe('hotelbeds documented replies', () => {
  it('availability: one offer from the two occupancy lines, RECHECK needs a quote, zone name, position', async () => {
    const { adapter } = replay();
    const { offers } = await adapter.search(search);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      hotel: { code: '124294', name: 'Belvedere Hotel', zone: 'Midtown West' },
      total: { amount: '432.08', currency: 'EUR' },
      board: { code: 'RO' },
      requiresQuote: true,
    });
    expect(offers[0].hotel.location).toEqual({ lat: 40.7617463, lng: -73.9881946 });
  });

  it('CheckRate: one rateKey per call, new keys kept, rate comments as remarks', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(search);
    const quote = await adapter.quote(offers[0]);
    const checks = http.sent.filter((r) => r.url.endsWith('/checkrates'));
    expect(checks).toHaveLength(2);
    for (const c of checks) expect(JSON.parse(String(c.body)).rooms).toHaveLength(1);
    expect(quote.total).toEqual({ amount: '432.08', currency: 'EUR' });
    expect(quote.priceChanged).toBe(false);
    expect(quote.supplierData.rateKeys).toEqual([
      '20300615|20300616|W|1|124294|DBL.KG-1|NRF-FIXTURE|RO||1~2~0||N@FIXTURE1B',
      '20300615|20300616|W|1|124294|DBL.KG-1|NRF-FIXTURE|RO||1~1~0||N@FIXTURE2B',
    ]);
    expect(quote.remarks[0]).toContain('payable on arrival');
  });

  it('booking: the recorded shape (numeric booking.totalNet), "Payable through" and rate comments kept', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(search);
    const quote = await adapter.quote(offers[0]);
    const booking = await adapter.book({
      quote,
      holder: { name: 'Ana', surname: 'Perez' },
      paxes: [
        [
          { name: 'Ana', surname: 'Perez', type: 'adult' },
          { name: 'Luis', surname: 'Perez', type: 'adult' },
        ],
        [{ name: 'Eva', surname: 'Perez', type: 'adult' }],
      ],
      clientReference: 'TVFIXTURE0001',
    });
    expect(booking).toMatchObject({
      ref: { locator: '254-3780215' },
      status: 'confirmed',
      clientReference: 'TVFIXTURE0001',
      total: { amount: '432.08', currency: 'EUR' },
      checkIn: '2030-06-15',
      payableThrough: { name: 'HOTELBEDS USA, INC', vatNumber: '592952685' },
    });
    expect(booking.remarks[0]).toBe(
      'Payable through HOTELBEDS USA, INC, acting as agent for the service operating company, details of which can be provided upon request. VAT: 592952685 Reference: 254-3780215',
    );
    expect(booking.remarks[1]).toContain('Estimated total amount of taxes & fees');
    const sent = JSON.parse(String(http.sent.find((r) => r.method === 'POST' && r.url.endsWith('/bookings'))?.body));
    expect(sent.rooms.map((r: { rateKey: string }) => r.rateKey)).toEqual(quote.supplierData.rateKeys);
    expect(sent.clientReference).toBe('TVFIXTURE0001');
  });

  it('detail and list by clientReference over the documented filters', async () => {
    const { adapter, http } = replay();
    expect((await adapter.read({ locator: '254-3780215' })).status).toBe('confirmed');
    const found = await adapter.findByClientReference('TVFIXTURE0001', { from: '2030-06-15', to: '2030-06-15' });
    expect(found?.ref.locator).toBe('254-3780215');
    const list = new URL(http.sent[http.sent.length - 1].url);
    expect(Object.fromEntries(list.searchParams)).toMatchObject({
      start: '2030-06-15',
      end: '2030-06-15',
      filterType: 'CHECKIN',
      clientReference: 'TVFIXTURE0001',
    });
  });

  it('cancellation: SIMULATION quotes cancellationAmount, CANCELLATION returns the reference', async () => {
    const { adapter } = replay();
    const sim = await adapter.cancel({ locator: '254-3780215' }, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, status: 'confirmed', penalty: { amount: '432.08', currency: 'EUR' } });
    const res = await adapter.cancel({ locator: '254-3780215' }, { simulate: false });
    expect(res).toMatchObject({ simulated: false, status: 'cancelled', cancellationReference: '254-3780215-C1' });
  });

  it('the documented error shape maps to our error type with a Spanish message', async () => {
    const { adapter } = replay({ checkrates: 'error-expired.response.json' }, 400);
    const { offers } = await replay().adapter.search(search);
    const err = await caught(() => adapter.quote(offers[0]));
    expect(err.code).toBe('SUPPLIER_TOKEN_EXPIRED');
    expect(err.message).not.toMatch(/Rate key/);
  });
});
