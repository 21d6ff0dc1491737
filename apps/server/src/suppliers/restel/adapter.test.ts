import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeHotelContract, paxesFor } from '../../../test/hotel-contract.js';
import { inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { HotelSearchInput } from '../types.js';

/** Contract: the Restel adapter against the simulator (form POST, ISO-8859-1). Two rooms, a child. */
describeHotelContract(
  'restel',
  {
    checkIn: inDays(35),
    checkOut: inDays(38),
    destination: 'COBOL',
    rooms: [
      { adults: 2, childrenAges: [6] },
      { adults: 2, childrenAges: [] },
    ],
  },
  { findsByReference: false },
);

describe('restel certification scenarios in the sandbox', () => {
  let h: SupplierHarness;
  beforeAll(async () => {
    h = await startSupplierHarness();
  });
  afterAll(() => h.close());

  const scenarios: [string, HotelSearchInput][] = [
    [
      '1 room, 2 adults, 1 night',
      { checkIn: inDays(30), checkOut: inDays(31), destination: 'COBOL', rooms: [{ adults: 2, childrenAges: [] }] },
    ],
    [
      '2 rooms with different occupancies: 2 adults + 1 adult',
      {
        checkIn: inDays(32),
        checkOut: inDays(35),
        destination: 'COBOL',
        rooms: [
          { adults: 2, childrenAges: [] },
          { adults: 1, childrenAges: [] },
        ],
      },
    ],
    [
      '2 rooms: 2 adults + child 4, 1 adult + child 9, 7 nights, another nationality',
      {
        checkIn: inDays(40),
        checkOut: inDays(47),
        destination: 'COBOL',
        nationality: 'ES',
        rooms: [
          { adults: 2, childrenAges: [4] },
          { adults: 1, childrenAges: [9] },
        ],
      },
    ],
  ];

  for (const [name, search] of scenarios) {
    it(`${name}: search, quote (24 + 144), book (202 + 3 AE + 12), read, fees, cancel (401)`, async () => {
      const sup = h.registry.hotel(h.account('restel'));
      const res = await sup.search(search);
      expect(res.offers.length).toBeGreaterThan(0);
      const offer = res.offers[0];
      expect(offer.rooms.map((r) => r.occupancy)).toEqual(search.rooms);
      const quote = await sup.quote(offer);
      expect(quote.total).toEqual(offer.total);
      expect(quote.remarks.some((r) => r.includes('Check-in a partir de las 15:00'))).toBe(true);
      const booking = await sup.book({
        quote,
        holder: { name: 'Ana', surname: 'Pérez' },
        paxes: paxesFor(search),
        clientReference: `TVCERT${Date.now().toString(36)}`,
        remarks: 'Cuna',
      });
      expect(booking.status).toBe('confirmed');
      expect(booking.ref.extra?.short).toBeTruthy();
      expect(booking.remarks).toEqual(
        expect.arrayContaining(['Reserva confirmada. Presentar el bono en la recepción.', 'Solicitud del cliente: Cuna']),
      );
      const read = await sup.read(booking.ref);
      expect(read.ref.locator).toBe(booking.ref.locator);
      expect((await sup.cancel(booking.ref, { simulate: true })).penaltyKnown).toBe(true);
      expect((await sup.cancel(booking.ref, { simulate: false })).status).toBe('cancelled');
    });
  }

  it('the simulator answers service 12 with localizador_largo and the lins in the published layout', async () => {
    const sup = h.registry.hotel(h.account('restel'));
    const search = scenarios[0][1];
    const offer = (await sup.search(search)).offers[0];
    const lin = String((offer.supplierData.lins as string[])[0]).split('#');
    expect(lin).toHaveLength(17);
    expect(lin[3]).toMatch(/^\d+\.\d{2}$/);
    expect(lin[7]).toBe(search.checkIn.replace(/-/g, ''));
    expect(lin[16]).toBe('');
  });
});
