import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import type { HotelQuote } from '../types.js';
import { JuniperHotelAdapter } from './adapter.js';

/**
 * Juniper's documented replies (fixtures/, sources in fixtures/README.md) replayed through the
 * adapter: every hotel operation's request building, reply parsing and mapping.
 */
const FILES: Record<string, string> = {
  HotelAvail: 'hotel-avail.response.xml',
  HotelCheckAvail: 'check-avail.response.xml',
  HotelBookingRules: 'booking-rules.response.xml',
  HotelBooking: 'booking.response.xml',
  ReadBooking: 'read-booking.response.xml',
  CancelBooking: 'cancel-booking.response.xml',
  BookingList: 'booking-list.response.xml',
  HotelContent: 'hotel-content.response.xml',
};

function replay(over: Record<string, string> = {}) {
  const http = new ReplayHttp((req) => {
    const op =
      String(req.headers?.soapaction ?? '')
        .split('/')
        .pop() ?? '';
    const file = over[op] ?? FILES[op];
    if (!file) throw new Error(`no fixture for ${op}`);
    return { body: fixture('juniper', file) };
  });
  const account = replayAccount('juniper');
  return { http, account, adapter: new JuniperHotelAdapter(http, account) };
}

const search = {
  checkIn: '2030-11-20',
  checkOut: '2030-11-22',
  hotelCodes: ['JP046300'],
  rooms: [
    { adults: 1, childrenAges: [] },
    { adults: 1, childrenAges: [8] },
  ],
};

async function quoted(adapter: JuniperHotelAdapter): Promise<HotelQuote> {
  const { offers } = await adapter.search(search);
  return adapter.quote(offers.find((o) => o.board.code === 'BB')!);
}

describe('juniper documented replies', () => {
  it('HotelAvail: options with Nett of the S price, boards, rooms by Source, RQ status', async () => {
    const { adapter } = replay();
    const { offers } = await adapter.search(search);
    expect(offers).toHaveLength(2);
    const bb = offers.find((o) => o.board.code === 'BB')!;
    expect(bb).toMatchObject({
      hotel: { code: 'JP046300', name: 'APARTAMENTOS ALLSUN PIL-LARI PLAYA', zone: '49435' },
      total: { amount: '1003.57', currency: 'EUR' },
      availability: 'available',
    });
    expect(bb.rooms.map((r) => r.name)).toEqual(['Single', 'Double']);
    const ro = offers.find((o) => o.board.code === 'RO')!;
    expect(ro.availability).toBe('on-request');
    expect(ro.cancellation.refundable).toBe(false);
  });

  it('HotelContent: name, zone, category, address, position, description and the https photos in order', async () => {
    const { http, adapter } = replay();
    const [h] = await adapter.hotelContent(['JP046300']);
    expect(String(http.sent[0].body)).toContain('<Hotel Code="JP046300"/>');
    expect(h).toEqual({
      code: 'JP046300',
      name: 'APARTAMENTOS ALLSUN PIL-LARI PLAYA',
      zone: '49435',
      category: '3est',
      address: 'Calle Marbella 24',
      description: 'Apartamentos junto a la playa de Palma, con piscina y terraza.',
      location: { lat: 39.53, lng: 2.7371 },
      images: ['https://img.juniper.example/hotels/JP046300/fachada.jpg', 'https://img.juniper.example/hotels/JP046300/piscina.jpg'],
    });
  });

  it('NO_AVAIL_FOUND is an empty result, not a failure', async () => {
    const { adapter } = replay({ HotelAvail: 'no-avail.response.xml' });
    expect((await adapter.search(search)).offers).toEqual([]);
  });

  it('BookingRules: price from PriceInformation, BookingCode with expiry, HOT comments, V rules', async () => {
    const { adapter } = replay();
    const quote = await quoted(adapter);
    expect(quote.total).toEqual({ amount: '1003.57', currency: 'EUR' });
    expect(quote.priceChanged).toBe(true); // the check reply warned warnPriceChanged
    expect(quote.token).toMatchObject({ kind: 'BookingCode', value: 'ya79dM4dS6R6EywV4XhfEvwItLN5sfa4xcKoRWYtG4b-fixture-BC' });
    expect(quote.token.expiresAt).toBe('2030-10-03T07:46:30.074Z');
    expect(quote.remarks[0]).toContain('City tax payable at the hotel');
    expect(quote.cancellation.rules.map((r) => r.percent ?? r.amount)).toEqual(['0.00', '25', '100']);
    expect(quote.supplierData.requiredFields).toMatchObject({
      '1': expect.arrayContaining(['Address', 'PostalCode', 'Age']),
      '3': ['Age'],
    });
    expect(quote.supplierData.ratePlanCode).toBe('ya79dM4dS6R6EywV4XhfEvwItLN5sfa4xcKoRWYtG4b-fixture-AD-2');
    // The holder's part, as the reserve form and the reserve check read it (docs/decisions/0181).
    expect(quote.requiredHolderFields).toEqual(['phone', 'address', 'city', 'country', 'postalCode']);
  });

  it('BookingRules: a price change that only shows under PriceInformation is caught', async () => {
    const { adapter } = replay({ HotelCheckAvail: 'check-avail-same.response.xml' });
    const { offers } = await adapter.search(search);
    const offer = offers.find((o) => o.board.code === 'BB')!;
    const cheaper = { ...offer, total: { amount: '900.00', currency: 'EUR' } };
    const quote = await adapter.quote(cheaper);
    expect(quote.total.amount).toBe('1003.57');
    expect(quote.priceChanged).toBe(true);
  });

  it('HotelBooking and ReadBooking: locator, PAG/OK confirmed, HCN, holder, item dates', async () => {
    const { adapter, http } = replay();
    const quote = await quoted(adapter);
    const booking = await adapter.book({
      quote,
      holder: {
        name: 'Ana',
        surname: 'Perez',
        email: 'ana@agencia.test',
        phone: '+34600000000',
        address: { line: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'ES' },
      },
      paxes: [
        [{ name: 'Ana', surname: 'Perez', type: 'adult' }],
        [
          { name: 'Luis', surname: 'Perez', type: 'adult' },
          { name: 'Eva', surname: 'Perez', type: 'child', age: 8 },
        ],
      ],
      clientReference: 'TVFIXTURE0001',
    });
    expect(booking).toMatchObject({
      ref: { locator: '53FXPK', extra: { itemId: '125188' } },
      status: 'confirmed',
      supplierStatus: 'PAG/OK',
      clientReference: 'TVFIXTURE0001',
      total: { amount: '1003.57', currency: 'EUR' },
      checkIn: '2030-11-20',
      checkOut: '2030-11-22',
      hotelConfirmationNumber: 'HCN-778812',
      holder: { name: 'Ana', surname: 'Perez' },
    });
    const read = await adapter.read(booking.ref);
    expect(read.ref.locator).toBe('53FXPK');
    const bookRequest = String(http.sent.find((r) => String(r.headers?.soapaction).endsWith('HotelBooking'))?.body);
    expect(bookRequest).toContain('<ExternalBookingReference>TVFIXTURE0001</ExternalBookingReference>');
    expect(bookRequest).toContain('<UseCurrency>EUR</UseCurrency>');
    expect(bookRequest).toContain('<PostalCode>28013</PostalCode>');
    expect(bookRequest).toMatch(/<Pax IdPax="2"><Name>Luis<\/Name><Surname>Perez<\/Surname><Age>30<\/Age>/);
    for (const op of ['HotelCheckAvail', 'HotelBookingRules', 'HotelAvail'])
      expect(String(http.sent.find((r) => String(r.headers?.soapaction).endsWith(op))?.body)).toContain('<UseCurrency>EUR</UseCurrency>');
  });

  it('HotelRequiredFields the holder lacks stop the booking before it reaches Juniper', async () => {
    const { adapter, http } = replay();
    const quote = await quoted(adapter);
    const err = await caught(() =>
      adapter.book({
        quote,
        holder: { name: 'Ana', surname: 'Perez', phone: '+34600000000' },
        paxes: [
          [{ name: 'Ana', surname: 'Perez', type: 'adult' }],
          [
            { name: 'Luis', surname: 'Perez', type: 'adult' },
            { name: 'Eva', surname: 'Perez', type: 'child', age: 8 },
          ],
        ],
        clientReference: 'TVFIXTURE0002',
      }),
    );
    expect(err.code).toBe('SUPPLIER_INVALID_REQUEST');
    expect(err.detail).toContain('1:Address');
    expect(http.sent.some((r) => String(r.headers?.soapaction).endsWith('HotelBooking'))).toBe(false);
  });

  it('CancelBooking: BookingRS with CancelInfo inside Warnings is a cancellation with its cost', async () => {
    const { adapter } = replay();
    const res = await adapter.cancel({ locator: '53FXPK', extra: {} }, { simulate: false });
    expect(res).toEqual({
      simulated: false,
      status: 'cancelled',
      penalty: { amount: '250.89', currency: 'EUR' },
      penaltyKnown: true,
      cancellationReference: null,
    });
  });

  it('CancelBooking OnlyCancellationFees: the quoted cost, nothing cancelled', async () => {
    const { adapter, http } = replay({ CancelBooking: 'cancel-quote.response.xml' });
    const res = await adapter.cancel({ locator: '53FXPK', extra: {} }, { simulate: true });
    expect(res).toMatchObject({ simulated: true, status: 'confirmed', penalty: { amount: '250.89', currency: 'EUR' }, penaltyKnown: true });
    expect(String(http.sent[0].body)).toContain('OnlyCancellationFees="true"');
  });

  it('cancelled without a computed cost: cancelled, penalty unknown (never assumed free)', async () => {
    const { adapter } = replay({ CancelBooking: 'cancel-not-calculated.response.xml' });
    const res = await adapter.cancel({ locator: '53FXPK', extra: {} }, { simulate: false });
    expect(res).toMatchObject({ status: 'cancelled', penalty: null, penaltyKnown: false });
  });

  it('CANCEL_NOT_POSSIBLE maps to our not-cancellable error with a Spanish message', async () => {
    const { adapter } = replay({ CancelBooking: 'cancel-not-possible.response.xml' });
    const err = await caught(() => adapter.cancel({ locator: '53FXPK', extra: {} }, { simulate: false }));
    expect(err.code).toBe('SUPPLIER_NOT_CANCELLABLE');
    expect(err.message).not.toContain('Cancellation is not possible');
    expect(err.detail).toContain('CANCEL_NOT_POSSIBLE');
  });

  it('lost reply look-up: BookingList by check-in range and our reference, then ReadBooking by locator', async () => {
    const { adapter, http } = replay();
    const found = await adapter.findByClientReference('TVFIXTURE0001', { from: '2030-11-20', to: '2030-11-20' });
    expect(found?.ref.locator).toBe('53FXPK');
    const list = String(http.sent.find((r) => String(r.headers?.soapaction).endsWith('BookingList'))?.body);
    expect(list).toContain('<StartingBookingDate From="2030-11-20" To="2030-11-20"/>');
    expect(list).toContain('<ExternalBookingReference>TVFIXTURE0001</ExternalBookingReference>');
    // Only documented calls: no ReadBooking by external reference.
    expect(http.sent.some((r) => String(r.body).includes('ReadRequest ExternalBookingReference'))).toBe(false);
    expect(await adapter.findByClientReference('TVOTHER', { from: '2030-11-20', to: '2030-11-20' })).toBeNull();
  });
});
