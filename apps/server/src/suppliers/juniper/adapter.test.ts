import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeHotelContract, paxesFor } from '../../../test/hotel-contract.js';
import { inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { HotelSearchInput } from '../types.js';
import { JuniperHotelAdapter } from './adapter.js';
import { JuniperClient } from './client.js';

/** Contract: the Juniper adapter against the simulator over real SOAP. Certification's 2-room case. */
describeHotelContract('juniper', {
  checkIn: inDays(40),
  checkOut: inDays(43),
  destination: '49001',
  rooms: [
    { adults: 2, childrenAges: [5] },
    { adults: 1, childrenAges: [1, 8] },
  ],
});

describe('juniper specifics', () => {
  let h: SupplierHarness;
  beforeAll(async () => {
    h = await startSupplierHarness();
  });
  afterAll(() => h.close());

  it('Disney and Universal modes search only those resort zones', async () => {
    const base = { checkIn: inDays(50), checkOut: inDays(54), rooms: [{ adults: 2, childrenAges: [7] }] };
    const sup = h.registry.hotel(h.account('juniper'));
    const disney = await sup.search({ ...base, resort: 'disney' });
    expect(disney.offers.length).toBeGreaterThan(0);
    // Zones read by name (ZoneList), not by HotelAvail's codes.
    expect(new Set(disney.offers.map((o) => o.hotel.zone))).toEqual(new Set(['Walt Disney World Resort', 'Lake Buena Vista']));
    const universal = await sup.search({ ...base, resort: 'universal' });
    expect(new Set(universal.offers.map((o) => o.hotel.zone))).toEqual(new Set(['Universal Orlando Resort']));
    const all = await sup.search({ ...base, destination: '10000' });
    expect(all.offers.length).toBeGreaterThan(disney.offers.length);
  });

  it('reads the zone tree and hotel content (static data)', async () => {
    const sup = new JuniperHotelAdapter(h.http, h.account('juniper'));
    const zones = await sup.zones();
    expect(zones.find((z) => z.code === '10003')?.parent).toBe('10002');
    const client = new JuniperClient(h.http, h.account('juniper'));
    const { rs } = await client.call(
      'HotelContent',
      { HotelContentList: { Hotel: [{ '@Code': 'JP046000' }] } },
      { operation: 'static.content', idempotent: true },
    );
    expect(JSON.stringify(rs)).toContain('JP046000');
  });

  it("hotel content over HTTP: the simulator's photos, on its own host, load as JPEG", async () => {
    const sup = new JuniperHotelAdapter(h.http, h.account('juniper'));
    const [content] = await sup.hotelContent(['JP046000', 'JP999999']);
    expect(content).toMatchObject({
      code: 'JP046000',
      zone: expect.any(String),
      location: { lat: expect.any(Number), lng: expect.any(Number) },
    });
    expect(content.images).toHaveLength(4);
    expect(content.images?.[0]).toMatch(new RegExp(`^${new URL(h.account('juniper').baseUrl).origin}/juniper/photos/JP046000-1\\.jpg$`));
    const photo = await fetch(content.images?.[0] as string);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('answers COMPRESSION_REQUIRED to a client that does not accept gzip', async () => {
    const res = await fetch(`${h.sim.url}/juniper/webservice/JP/Operations/StaticDataTransactions.asmx`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml', 'accept-encoding': 'identity' },
      body: '<Envelope><Body><ZoneList><ZoneListRQ><Login Email="a@b.c" Password="sandbox"/></ZoneListRQ></ZoneList></Body></Envelope>',
    });
    expect(await res.text()).toContain('COMPRESSION_REQUIRED');
  });

  it('a price change at check keeps the new RatePlanCode and flags the quote', async () => {
    const sup = h.registry.hotel(h.account('juniper'));
    const res = await sup.search({
      checkIn: inDays(20),
      checkOut: inDays(22),
      destination: '34001',
      rooms: [{ adults: 2, childrenAges: [] }],
    });
    const quote = await sup.quote(res.offers[0], { simScenario: 'price-change' });
    expect(quote.priceChanged).toBe(true);
    expect(quote.token.kind).toBe('BookingCode');
    expect(Date.parse(quote.token.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(quote.supplierData.ratePlanCode).not.toBe(res.offers[0].token.value);
  });

  it('OK → RQ at check is shown as on request', async () => {
    const sup = h.registry.hotel(h.account('juniper'));
    const res = await sup.search({
      checkIn: inDays(20),
      checkOut: inDays(22),
      destination: '34001',
      rooms: [{ adults: 2, childrenAges: [] }],
    });
    const quote = await sup.quote(res.offers[0], { simScenario: 'on-request:quote' });
    expect(quote.availability).toBe('on-request');
  });

  // Juniper certification books, reads and cancels these three cases (PROTOCOLS.md §2).
  const cases: [string, HotelSearchInput['rooms']][] = [
    ['1 room: 2 adults', [{ adults: 2, childrenAges: [] }]],
    [
      '2 rooms: 2 adults + child 5; 1 adult + children 1 and 8',
      [
        { adults: 2, childrenAges: [5] },
        { adults: 1, childrenAges: [1, 8] },
      ],
    ],
    [
      '3 rooms: 1 adult; 1 adult + child 17; 3 adults',
      [
        { adults: 1, childrenAges: [] },
        { adults: 1, childrenAges: [17] },
        { adults: 3, childrenAges: [] },
      ],
    ],
  ];
  for (const [name, rooms] of cases) {
    it(`certification case ${name}: book, read, cancel`, async () => {
      const sup = h.registry.hotel(h.account('juniper'));
      const search = { checkIn: inDays(60), checkOut: inDays(62), destination: '49001', rooms };
      const res = await sup.search(search);
      expect(res.offers.length).toBeGreaterThan(0);
      const quote = await sup.quote(res.offers[0]);
      const booking = await sup.book({
        quote,
        holder: { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test' },
        paxes: paxesFor(search),
        clientReference: `TVJPCERT${Date.now().toString(36)}`,
      });
      expect(booking.status).toBe('confirmed');
      expect(booking.rooms).toHaveLength(rooms.length);
      expect((await sup.read(booking.ref)).ref.locator).toBe(booking.ref.locator);
      expect((await sup.cancel(booking.ref, { simulate: false })).status).toBe('cancelled');
    });
  }
});
