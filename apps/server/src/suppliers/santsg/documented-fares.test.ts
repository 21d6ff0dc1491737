import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import type { FlightSearchInput } from '../types.js';
import { TourVisioFlightAdapter } from './adapter.js';

/**
 * TourVisio's whole published samples (the `*-full` fixtures, sources in fixtures/README.md) replayed:
 * fees and total-price rules, price breakdown, baggage, brand, seats, legs, the traveller
 * requirements of BeginTransaction, GetFareRules, check-in dates and the detail's ticket numbers.
 */
const FILES: Record<string, string> = {
  'authenticationservice/login': 'login.response.json',
  'productservice/pricesearch': 'pricesearch-oneway-full.response.json',
  'productservice/getcheckindates': 'checkindates.response.json',
  'bookingservice/begintransaction': 'begintransaction-full.response.json',
  'bookingservice/getreservationdetail': 'reservation-detail-full.response.json',
  'flightservice/getfarerules': 'farerules.response.json',
};

function replay(over: Record<string, string | ((text: string) => string)> = {}) {
  const http = new ReplayHttp((req) => {
    const method = new URL(req.url).pathname.replace(/^.*\/api\//, '');
    const o = over[method];
    const file = typeof o === 'string' ? o : FILES[method];
    if (!file) throw new Error(`no fixture for ${method}`);
    const text = fixture('santsg', file);
    return { body: typeof o === 'function' ? o(text) : text, contentType: 'application/json' };
  });
  return { http, adapter: new TourVisioFlightAdapter(http, replayAccount('santsg')) };
}
const sentBody = (http: ReplayHttp, method: string) => JSON.parse(String(http.sent.find((r) => r.url.endsWith(method))?.body));

const oneWay: FlightSearchInput = {
  serviceType: 'one-way',
  legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-02-11' }],
  passengers: { adults: 1, children: 1, infants: 1 },
  childrenAges: [7, 1],
};

describe('tourvisio documented samples, whole', () => {
  it('one way: the one-way fee is added to the offer price; breakdown, brand, seats, baggage, legs', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(oneWay);
    const first = offers.find((o) => o.fareBrand?.name === 'ECO FLY');
    // 21.27 (offer) + 80.00 (fees.oneWay.price) — "Calculating the Total Price" rule 1.
    expect(first?.total).toEqual({ amount: '101.27', currency: 'USD' });
    expect(first?.priceBreakdown).toEqual({
      perPassenger: [
        {
          type: 'adult',
          count: 1,
          unitPrice: { amount: '21.27', currency: 'USD' },
          total: { amount: '21.27', currency: 'USD' },
          taxes: { amount: '3.72', currency: 'USD' },
        },
      ],
      fare: { amount: '21.27', currency: 'USD' },
      serviceFee: { amount: '80.00', currency: 'USD' },
    });
    expect(first?.seatsLeft).toBe(1);
    expect(first?.baggage).toContainEqual({
      passengerType: 'adult',
      kind: 'checked',
      pieces: 1,
      weight: 15,
      unit: 'kg',
      legId: 'F:SAW|AYT|20220211093500|TK7516',
    });
    const seg = first?.segments[0];
    expect(seg).toMatchObject({
      marketingAirline: { code: 'TK', name: 'Turkish Airlines' },
      operatingAirline: { code: 'AJ0', name: 'Anadolu Jet' },
      durationMinutes: 75,
      dayChange: 0,
    });
    expect(seg?.legs?.[0]).toMatchObject({
      flightNo: 'TK7516',
      from: { airport: 'SAW', airportName: 'Sabiha Gokcen International Airport', at: '2022-02-11T09:35:00' },
      to: { airport: 'AYT', at: '2022-02-11T10:50:00' },
      bookingClass: 'W',
    });
    expect(seg?.layovers).toEqual([]);
    const rq = sentBody(http, 'pricesearch');
    expect(rq.calculateFlightFees).toBe(true);
    expect(rq.Passengers).toEqual([
      { type: 1, count: 1 },
      { type: 2, count: 1, ages: [7] },
      { type: 3, count: 1, ages: [1] },
    ]);
  });

  it('children ages that do not match the children and infants are refused before any call', async () => {
    const { adapter, http } = replay();
    const err = await caught(() => adapter.search({ ...oneWay, childrenAges: [7, 5] }));
    expect(err.code).toBe('SUPPLIER_INVALID_REQUEST');
    expect(http.sent).toHaveLength(0);
  });

  it('a fee in another currency than the fare drops the offer instead of mispricing it', async () => {
    const { adapter } = replay();
    const sample = JSON.parse(fixture('santsg', 'pricesearch-oneway-full.response.json'));
    sample.body.flights[0].offers[0].fees.oneWay.price.currency = 'EUR';
    const mixed = replay({ 'productservice/pricesearch': () => JSON.stringify(sample) });
    const all = await adapter.search(oneWay);
    const res = await mixed.adapter.search(oneWay);
    expect(res.total).toBe(all.total - 1);
    expect(res.dropped).toBe(all.dropped + 1);
  });

  it('round trip: same fee key on both legs → the greater round-trip fee once; legs paired under their group key', async () => {
    const { adapter } = replay({ 'productservice/pricesearch': 'pricesearch-roundtrip-full.response.json' });
    const res = await adapter.search({
      serviceType: 'round-trip',
      legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-08-20' }],
      returnDate: '2030-08-27',
      passengers: { adults: 2, children: 1, infants: 1 },
    });
    const best = res.offers[0];
    // 107.78 + 110.43 (not packaged: summed) + 30.00 (fees key PXMTK on both: max of roundTrip) = 248.21.
    expect(best.total).toEqual({ amount: '248.21', currency: 'EUR' });
    expect(best.priceBreakdown?.serviceFee).toEqual({ amount: '30.00', currency: 'EUR' });
    expect(best.groupKey).toBe('-');
    expect(best.legOptions?.map((l) => [l.route, l.groupKeys])).toEqual([
      [1, ['-']],
      [2, ['-']],
    ]);
    expect(best.legOptions?.[0].id).toBe(best.offerIds[0].offerId);
  });

  it('begintransaction: per-traveller required fields, birth-date window and titles; a birth date outside it stops the booking', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search({ ...oneWay, passengers: { adults: 2, children: 0, infants: 0 }, childrenAges: undefined });
    const quote = await adapter.quote(offers[0]);
    expect(quote.token.expiresAt).toBe('2035-04-18T15:45:24.517Z');
    expect(quote.travellerRequirements?.[0]).toEqual({
      travellerId: '1',
      type: 'adult',
      requiredFields: ['travellerid', 'type', 'title', 'name', 'surname', 'isleader', 'birthdate', 'leaderemail', 'nationality'],
      birthDateFrom: '1923-04-19',
      birthDateTo: '2010-04-18',
      titles: ['Mr', 'Ms', 'Mrs', 'Miss'],
    });
    const travellers = [
      { name: 'Ana', surname: 'Perez', type: 'adult' as const, birthDate: '1990-10-10' },
      { name: 'Leo', surname: 'Perez', type: 'adult' as const, birthDate: '2015-01-01' },
    ];
    const err = await caught(() => adapter.book({ quote, holder: { name: 'Ana', surname: 'Perez' }, travellers, clientReference: 'TV1' }));
    expect(err.code).toBe('SUPPLIER_INVALID_REQUEST');
    expect(http.sent.some((r) => r.url.endsWith('setreservationinfo'))).toBe(false);
  });

  it('GetFareRules with the open transaction, per service, segment id 1', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search({ ...oneWay, passengers: { adults: 2, children: 0, infants: 0 }, childrenAges: undefined });
    const quote = await adapter.quote(offers[0]);
    const rules = await adapter.fareRules({ quote });
    expect(rules.map((r) => r.name)).toEqual(['PENALTIES', 'APPLICATION AND OTHER CONDITIONS', 'FLIGHT APPLICATION']);
    expect(rules[0].text[3]).toMatch(/CHANGES PERMITTED/);
    expect(sentBody(http, 'getfarerules')).toEqual({
      transactionId: 'fad80a51-3ed0-4502-b623-31992a73aa14',
      serviceId: '1',
      segment: { id: '1' },
      culture: 'en-US',
    });
  });

  it('GetFareRules of a booking: by reservation number, for each service of the detail', async () => {
    const { adapter, http } = replay();
    const rules = await adapter.fareRules({ ref: { locator: 'RC002576' } });
    expect(rules).toHaveLength(3);
    expect(sentBody(http, 'getfarerules')).toMatchObject({ reservationNumber: 'RC002576', serviceId: '1' });
  });

  it('GetReservationDetail: the ticket number of each traveller (services[].ticketNo)', async () => {
    const { adapter } = replay();
    const b = await adapter.read({ locator: 'RC002576' });
    expect(b.tickets).toEqual([
      { travellerId: '50141', name: 'Name', surname: 'SURNAME', ticketNumber: 'RC002576' },
      { travellerId: '50142', name: 'Secondname', surname: 'SURNAME', ticketNumber: 'RC002576' },
    ]);
    expect(b.pnr).toBeNull();
  });

  it('getcheckindates: the documented request and the days of its reply', async () => {
    const { adapter, http } = replay();
    const dates = await adapter.checkInDates({
      serviceType: 'one-way',
      from: { code: 'IST', type: 'airport' },
      to: { code: 'AYT', type: 'airport' },
    });
    expect(dates.slice(0, 2)).toEqual(['2021-05-02', '2021-05-03']);
    expect(dates).toHaveLength(11);
    expect(sentBody(http, 'getcheckindates')).toEqual({
      ProductType: 3,
      ServiceType: '1',
      DepartureLocations: [{ id: 'IST', type: 5 }],
      ArrivalLocations: [{ id: 'AYT', type: 5 }],
    });
  });
});
