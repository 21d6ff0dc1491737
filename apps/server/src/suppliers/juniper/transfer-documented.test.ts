import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import type { TransferSearchInput } from '../types.js';
import { JuniperTransferAdapter } from './transfer-adapter.js';

/** Juniper transfer replies as published UAT clients read them (fixtures/README.md J-T1…J-T3) replayed through the adapter. */
const FILES: Record<string, string> = {
  ZoneList: 'transfer-zones.response.xml',
  TransferAvail: 'transfer-avail.response.xml',
  TransferBookingRules: 'transfer-booking-rules.response.xml',
  TransferBooking: 'transfer-booking.response.xml',
  ReadBooking: 'transfer-booking.response.xml',
};
const opOf = (req: SupplierRequest) => String(req.headers?.soapaction ?? '').replace('http://www.juniper.es/webservice/2007/', '');

function replay() {
  const http = new ReplayHttp((req) => ({ body: fixture('juniper', FILES[opOf(req)] ?? 'missing'), contentType: 'text/xml' }));
  return { http, adapter: new JuniperTransferAdapter(http, replayAccount('juniper', { id: 'replay-juniper' })) };
}

const search: TransferSearchInput = {
  from: { type: 'IATA', code: 'PMI' },
  to: { type: 'ATLAS', code: '15019' },
  outbound: '2030-06-15T10:30:00',
  adults: 2,
  children: 0,
  infants: 0,
};
const holder = { name: 'Ana', surname: 'Perez', email: 'ana@agencia.test', phone: '+573001112233' };

describe('juniper transfers documented replies', () => {
  it('TransferAvail: zones from the transfer zone list, one offer per option date, RatePlanCode kept', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(search);
    const sent = String(http.sent.find((r) => opOf(r) === 'TransferAvail')?.body);
    expect(sent).toContain('OriginZone="15011"');
    expect(sent).toContain('DestinationZone="15019"');
    expect(sent).toContain('Hour="10:30"');
    expect(offers.map((o) => [o.vehicle, o.transferType, o.total.amount, o.token.value])).toEqual([
      ['Shared shuttle bus', 'SHARED', '22.00', 'FIXTURE-RPC-2'],
      ['Minivan', 'PRIVATE', '48.50', 'FIXTURE-RPC-1'],
    ]);
    expect(offers[1]).toMatchObject({
      direction: 'ARRIVAL',
      pickup: {
        from: { type: 'IATA', code: '15011', description: 'Palma de Mallorca Airport' },
        to: { type: 'ATLAS' },
        date: '2030-06-15',
      },
      images: [{ url: 'https://example.invalid/transfers/van.jpg' }],
    });
  });

  it('TransferBookingRules: BookingCode with its expiry, required fields, policy and the new price', async () => {
    const { adapter } = replay();
    const offer = (await adapter.search(search)).offers[1];
    const quote = await adapter.quote(offer);
    expect(quote).toMatchObject({
      token: { kind: 'BookingCode', value: 'FIXTURE-BOOKING-CODE-1', expiresAt: expect.stringMatching(/^2030-06-01T/) },
      total: { amount: '50.00', currency: 'EUR' },
      priceChanged: true,
      cancellation: { refundable: true, text: 'Free cancellation until 2 days before the service.' },
    });
    expect(quote.cancellation.rules.map((r) => [r.from.slice(0, 10), r.percent ?? r.amount])).toEqual([
      ['2030-06-01', '0.00'],
      ['2030-06-13', '100'],
    ]);
    expect(quote.requiredFields?.sort()).toEqual(['holderEmail', 'holderPhone', 'transportNumber']);
  });

  it('TransferBooking: BookingCode and flight per element; the Reservation with two items is one booking', async () => {
    const { adapter, http } = replay();
    const quote = await adapter.quote((await adapter.search(search)).offers[1]);
    const booking = await adapter.book({ quote, holder, clientReference: 'TVFIXTURE0010', transport: { type: 'FLIGHT', code: 'UX6011' } });
    const sent = String(http.sent.find((r) => opOf(r) === 'TransferBooking')?.body);
    expect(sent).toContain('<BookingCode>FIXTURE-BOOKING-CODE-1</BookingCode>');
    expect(sent).toContain('FlightNumber="UX6011"');
    expect(sent).toContain('<ExternalBookingReference>TVFIXTURE0010</ExternalBookingReference>');
    expect(booking).toMatchObject({
      ref: { locator: 'TRF7FX2' },
      clientReference: 'TVFIXTURE0010',
      status: 'confirmed',
      total: { amount: '100.00', currency: 'EUR' },
      holder: { name: 'Ana', surname: 'Perez' },
      remarks: ['Child seat'],
    });
    expect(booking.legs?.map((l) => [l.direction, l.date, l.time, l.transport[0]?.code])).toEqual([
      ['ARRIVAL', '2030-06-15', '10:30:00', 'UX6011'],
      ['DEPARTURE', '2030-06-18', '09:00:00', 'UX6012'],
    ]);
    expect(booking.legs?.[1].pickupDetails?.description).toBe('Hotel reception');
  });
});
