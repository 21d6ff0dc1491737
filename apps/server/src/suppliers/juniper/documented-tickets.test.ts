import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import type { Traveller } from '../types.js';
import { JuniperTicketAdapter } from './ticket-adapter.js';

/**
 * Juniper's ticket (service) replies (fixtures/service-*.xml and zone-list-tickets, sources J10–J12 in
 * fixtures/README.md) replayed through the ticket adapter: zones by IATA code, availability with two
 * sessions and a meeting point, booking rules with required fields, booking, read and cancellation.
 */
const FILES: Record<string, string> = {
  ZoneList: 'zone-list-tickets.response.xml',
  ServiceAvail: 'service-avail.response.xml',
  ServiceBookingRules: 'service-booking-rules.response.xml',
  ServiceBooking: 'service-booking.response.xml',
  ReadBooking: 'service-read-booking.response.xml',
  CancelBooking: 'cancel-booking.response.xml',
};

function replay() {
  const http = new ReplayHttp((req) => {
    const op =
      String(req.headers?.soapaction ?? '')
        .split('/')
        .pop() ?? '';
    const file = FILES[op];
    if (!file) throw new Error(`no fixture for ${op}`);
    return { body: fixture('juniper', file) };
  });
  // A host of its own: the ticket zones are cached per host and login.
  const account = replayAccount('juniper', { baseUrl: 'https://replay-tickets.invalid/juniper' });
  return { http, adapter: new JuniperTicketAdapter(http, account) };
}

const search = { destination: 'GRX', from: '2030-06-15', to: '2030-06-15', paxAges: [30, 8] };
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const paxes: Traveller[] = [
  { name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 },
  { name: 'Sol', surname: 'Pérez', type: 'child', age: 8 },
];

describe('juniper tickets: documented replies', () => {
  it('zone by IATA, ServiceAvail with the misspelt SearchSegmenServices; sessions, meeting point, images', async () => {
    const { http, adapter } = replay();
    const { offers } = await adapter.search(search);
    const avail = String(http.sent.find((r) => String(r.headers?.soapaction).endsWith('ServiceAvail'))?.body);
    expect(avail).toContain('<SearchSegmenServices Start="2030-06-15" End="2030-06-15" DestinationZone="15011"');
    expect(http.sent[0].url).toMatch(/StaticDataTransactions\.asmx$/);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      activity: { code: 'SER-4411', name: 'Alhambra guided visit' },
      modality: { code: 'OPT-ES', name: 'Visit in Spanish' },
      total: { amount: '98.00', currency: 'EUR' },
      token: { kind: 'RatePlanCode', value: 'RPC-4411-ES-0900-fixture' },
      sessions: [
        { code: '09:00', name: '09:00' },
        { code: '16:00', name: '16:00' },
      ],
      pickupPoints: [{ code: 'MP-01', name: 'Paseo del Violón bus stop', time: '08:30', location: { lat: 37.17, lng: -3.6 } }],
      images: ['https://images.example.test/ser-4411.jpg'],
    });
  });

  it('booking rules: BookingCode, policy, required fields and the hotel question; booking, read and cancel', async () => {
    const { http, adapter } = replay();
    const [offer] = (await adapter.search(search)).offers;
    const quote = await adapter.quote(offer);
    expect(quote.token).toMatchObject({ kind: 'BookingCode', value: 'BC-4411-ES-0900-fixture' });
    expect(quote.requiredHolderFields).toEqual(['email']);
    expect(quote.questions).toEqual([{ code: 'HotelService', text: 'Hotel name (pickup)', required: true }]);
    expect(quote.cancellation.rules[0]).toMatchObject({ from: '2030-06-12T00:00:00Z', amount: '98.00', currency: 'EUR' });
    // Quotes made long ago: the fixture's BookingCode expiry is in the past on purpose for this check.
    const live = { ...quote, token: { ...quote.token, expiresAt: null } };
    const noHotel = await caught(() => adapter.book({ quote: live, holder, paxes, clientReference: 'TVFIXTURE0004', session: '09:00' }));
    expect(noHotel.code).toBe('SUPPLIER_INVALID_REQUEST');
    const booking = await adapter.book({
      quote: live,
      holder,
      paxes,
      clientReference: 'TVFIXTURE0004',
      session: '09:00',
      answers: [{ code: 'HotelService', answer: 'Hotel Alhambra Palace' }],
      pickupPoint: 'MP-01',
    });
    const sent = String(http.sent.find((r) => String(r.headers?.soapaction).endsWith('ServiceBooking'))?.body);
    expect(sent).toContain('<BookingCode>BC-4411-ES-0900-fixture</BookingCode>');
    expect(sent).toContain('<HotelService><Name>Hotel Alhambra Palace</Name></HotelService>');
    expect(sent).toContain('<MeetingPointInfo Code="MP-01" MeetingTime="2030-06-15T08:30:00">');
    expect(booking).toMatchObject({
      ref: { locator: 'TKT9F2A1' },
      clientReference: 'TVFIXTURE0004',
      status: 'confirmed',
      activity: { code: 'SER-4411', name: 'Alhambra guided visit' },
      session: { code: '09:00' },
      total: { amount: '98.00', currency: 'EUR' },
    });
    expect((await adapter.read(booking.ref)).holder).toEqual({ name: 'ANA', surname: 'PEREZ' });
    const cancelled = await adapter.cancel(booking.ref, { simulate: false });
    expect(cancelled.status).toBe('cancelled');
  });
});
