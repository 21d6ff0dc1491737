import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import { TourVisioFlightAdapter } from './adapter.js';

/** TourVisio's documented replies (fixtures/) replayed through the flight adapter's read, look-up and cancel paths. */
const FILES: Record<string, string> = {
  'authenticationservice/login': 'login.response.json',
  'bookingservice/getreservationdetail': 'reservation-detail.response.json',
  'bookingservice/getreservationlist': 'reservation-list.response.json',
  'bookingservice/getcancellationpenalty': 'cancellation-penalty.response.json',
  'bookingservice/cancelreservation': 'cancel.response.json',
  'productservice/pricesearch': 'pricesearch-oneway.response.json',
  'bookingservice/begintransaction': 'begintransaction.response.json',
  'bookingservice/setreservationinfo': 'setreservationinfo.response.json',
  'bookingservice/committransaction': 'commit.response.json',
};

function replay(over: Record<string, string> = {}) {
  const http = new ReplayHttp((req) => {
    const method = new URL(req.url).pathname.replace(/^.*\/api\//, '');
    const file = over[method] ?? FILES[method];
    if (!file) throw new Error(`no fixture for ${method}`);
    return { body: fixture('santsg', file), contentType: 'application/json' };
  });
  return { http, adapter: new TourVisioFlightAdapter(http, replayAccount('santsg')) };
}

describe('tourvisio documented replies', () => {
  it('GetReservationDetail: number, our agencyReservationNumber, leader, sale price, statuses', async () => {
    const { adapter } = replay();
    const b = await adapter.read({ locator: 'RC002576' });
    expect(b).toMatchObject({
      ref: { locator: 'RC002576' },
      clientReference: 'TVFIXTURE0001',
      holder: { name: 'ANA', surname: 'PEREZ' },
      status: 'confirmed',
    });
    expect(b.total.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('lost-reply look-up: GetReservationList by its REGISTER date criteria, then the detail of our reference', async () => {
    const { adapter, http } = replay();
    const found = await adapter.findByClientReference('TVFIXTURE0001', { from: '2030-01-10', to: '2030-01-10' });
    expect(found?.ref.locator).toBe('RC002576');
    const list = JSON.parse(String(http.sent.find((r) => r.url.endsWith('getreservationlist'))?.body));
    expect(list.dateCriterias).toHaveLength(1);
    expect(list.dateCriterias[0].type).toBe(1);
    expect(list.dateCriterias[0].from <= list.dateCriterias[0].to).toBe(true);
    expect(list.agencyReservationNumber).toBeUndefined();
    expect(await adapter.findByClientReference('TVNOTTHERE', { from: '2030-01-10', to: '2030-01-10' })).toBeNull();
  });

  it('GetCancellationPenalty + CancelReservation with the reason id; reservationStatus 2 is cancelled', async () => {
    const { adapter, http } = replay();
    const sim = await adapter.cancel({ locator: 'RC002576' }, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, penalty: { amount: '45.50', currency: 'USD' }, penaltyKnown: true });
    const res = await adapter.cancel({ locator: 'RC002576' }, { simulate: false });
    expect(res).toMatchObject({ simulated: false, status: 'cancelled', penalty: { amount: '45.50', currency: 'USD' } });
    expect(JSON.parse(String(http.sent.find((r) => r.url.endsWith('cancelreservation'))?.body))).toEqual({
      reservationNumber: 'RC002576',
      reason: '2',
    });
  });

  it('an error envelope (success false, messageType 1) becomes our error type with a Spanish message', async () => {
    const { adapter } = replay({ 'bookingservice/getreservationdetail': 'error.response.json' });
    const err = await caught(() => adapter.read({ locator: 'XX' }));
    expect(err.code).toBe('SUPPLIER_BOOKING_NOT_FOUND');
    expect(err.message).toMatch(/proveedor/);
  });

  it('pricesearch (one way): every offer of the documented sample maps, with its segments and price', async () => {
    const { adapter, http } = replay();
    const res = await adapter.search({
      serviceType: 'one-way',
      legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-02-11' }],
      passengers: { adults: 1, children: 0, infants: 0 },
    });
    const sample = JSON.parse(fixture('santsg', 'pricesearch-oneway.response.json')) as { body: { flights: { offers: unknown[] }[] } };
    // Every offer of the two documented flights (brands included) becomes one of ours.
    expect(res.offers).toHaveLength(sample.body.flights.flatMap((f) => f.offers).length);
    expect(res.offers[0].total).toEqual({ amount: '21.27', currency: 'USD' });
    const seg = res.offers[0].segments[0];
    expect(seg).toMatchObject({
      flightNo: 'TK7516',
      from: { airport: 'SAW', city: 'Istanbul' },
      to: { airport: 'AYT' },
      cabin: 'Economy',
      route: 1,
    });
    const rq = JSON.parse(String(http.sent.find((r) => r.url.endsWith('pricesearch'))?.body));
    expect(rq).toMatchObject({ ProductType: 3, ServiceTypes: ['1'], CheckIn: '2030-02-11' });
    expect(rq.DepartureLocations).toEqual([{ id: 'IST', type: 2 }]);
    expect(rq.ArrivalLocations).toEqual([{ id: 'AYT', type: 5 }]);
  });

  it('begintransaction: transaction id with its expiry, the sale price, one traveller id per passenger, the service policy', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search({
      serviceType: 'one-way',
      legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-02-11' }],
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    const quote = await adapter.quote(offers[0]);
    expect(quote.total).toEqual({ amount: '339.00', currency: 'EUR' });
    expect(quote.priceChanged).toBe(true);
    expect(quote.token).toMatchObject({
      kind: 'transactionId',
      value: 'fad80a51-3ed0-4502-b623-31992a73aa14',
      expiresAt: '2035-04-18T15:45:24.517Z',
    });
    expect(quote.travellerIds).toEqual(['1', '2']);
    expect(quote.cancellation.rules[0]).toMatchObject({ amount: '146.29', currency: 'EUR' });
    const rq = JSON.parse(String(http.sent.find((r) => r.url.endsWith('begintransaction'))?.body));
    expect(rq).toEqual({ offerIds: [offers[0].offerIds[0].offerId], currency: 'USD', culture: 'en-US' });
  });

  it('pricesearch (round trip, recommended list type 3): offers without offerId pair by groupKeys and book with the offerIds of the shared key', async () => {
    const { adapter, http } = replay({ 'productservice/pricesearch': 'pricesearch-roundtrip.response.json' });
    const res = await adapter.search({
      serviceType: 'round-trip',
      legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-02-17' }],
      returnDate: '2030-02-24',
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    const sample = JSON.parse(fixture('santsg', 'pricesearch-roundtrip.response.json')) as {
      body: { flights: { items: { route: number }[]; offers: { offerIds: { groupKey: string; offerId: string }[] }[] }[] };
    };
    const byRoute = (r: number) => sample.body.flights.filter((f) => f.items[0].route === r).flatMap((f) => f.offers);
    // Every outbound offer of the sample pairs with every return one (they share the group key "-").
    expect(res.total).toBe(byRoute(1).length * byRoute(2).length);
    expect(res.offers[0].total).toEqual({ amount: '218.21', currency: 'EUR' });
    expect(res.offers[0].segments.map((s) => [s.from.airport, s.to.airport, s.route])).toEqual([
      ['IST', 'AYT', 1],
      ['AYT', 'SAW', 2],
    ]);
    expect(res.offers[0].offerIds).toEqual([
      { groupKey: '-', offerId: byRoute(1)[0].offerIds[0].offerId },
      { groupKey: '-', offerId: byRoute(2)[0].offerIds[0].offerId },
    ]);
    const rq = JSON.parse(String(http.sent.find((r) => r.url.endsWith('pricesearch'))?.body));
    expect(rq).toMatchObject({ ProductType: 3, ServiceTypes: ['2'], CheckIn: '2030-02-17', Night: 7 });
  });

  it('pricesearch (multi-city): one serviceTypes-3 search in leg order, legs by segmentNumber, one offer per leg combined', async () => {
    const { adapter, http } = replay({ 'productservice/pricesearch': 'pricesearch-multicity.response.json' });
    const res = await adapter.search({
      serviceType: 'multi-city',
      legs: [
        { from: { code: 'AYT', type: 'airport' }, to: { code: 'IST', type: 'city' }, date: '2030-06-05' },
        { from: { code: 'IST', type: 'city' }, to: { code: 'ESB', type: 'airport' }, date: '2030-06-10' },
      ],
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    // 5 first-leg flights × 5 second-leg flights of the sample, all with group key "-".
    expect(res.total).toBe(25);
    expect(res.offers[0].total).toEqual({ amount: '107.16', currency: 'EUR' });
    expect(res.offers[0].segments.map((s) => [s.from.airport, s.to.airport, s.route])).toEqual([
      ['AYT', 'SAW', 1],
      ['IST', 'ESB', 2],
    ]);
    expect(res.offers[0].offerIds).toHaveLength(2);
    expect(res.offers[0].offerIds.every((o) => o.groupKey === '-' && o.offerId.length > 0)).toBe(true);
    const searches = http.sent.filter((r) => r.url.endsWith('pricesearch'));
    expect(searches).toHaveLength(1);
    expect(JSON.parse(String(searches[0].body))).toMatchObject({
      ProductType: 3,
      ServiceTypes: ['3'],
      CheckIns: ['2030-06-05', '2030-06-10'],
      DepartureLocations: [
        { id: 'AYT', type: 5 },
        { id: 'IST', type: 2 },
      ],
      ArrivalLocations: [
        { id: 'IST', type: 2 },
        { id: 'ESB', type: 5 },
      ],
    });
  });

  async function quoted(adapter: TourVisioFlightAdapter) {
    const { offers } = await adapter.search({
      serviceType: 'one-way',
      legs: [{ from: { code: 'IST', type: 'city' }, to: { code: 'AYT', type: 'airport' }, date: '2030-02-11' }],
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    return adapter.quote(offers[0]);
  }
  const travellers = [
    { name: 'Ana', surname: 'Perez', type: 'adult' as const, gender: 'F' as const, birthDate: '1990-10-10', nationality: 'ES' },
    { name: 'Luis', surname: 'Perez', type: 'adult' as const, gender: 'M' as const, birthDate: '1988-01-01', nationality: 'ES' },
  ];

  it('the documented DuplicateReservationFound warning (messageType 4) stops before committing until the agent accepts it', async () => {
    const { adapter, http } = replay();
    const quote = await quoted(adapter);
    const holder = { name: 'Ana', surname: 'Perez' };
    const err = await caught(() => adapter.book({ quote, holder, travellers, clientReference: 'TVFIXTURE0001' }));
    expect(err.code).toBe('SUPPLIER_DUPLICATE_RESERVATION');
    expect(err.status).toBe(409);
    expect(http.sent.some((r) => r.url.endsWith('committransaction'))).toBe(false);
  });

  it('setreservationinfo + committransaction: travellers by the transaction ids, our reference, then the detail of the committed number', async () => {
    const { adapter, http } = replay();
    const quote = await quoted(adapter);
    const booking = await adapter.book({
      quote,
      holder: { name: 'Ana', surname: 'Perez', email: 'ana@agencia.test', phone: '+34600000000' },
      travellers,
      clientReference: 'TVFIXTURE0001',
      acceptDuplicate: true,
    });
    expect(booking).toMatchObject({ ref: { locator: 'RC002576' }, clientReference: 'TVFIXTURE0001', status: 'confirmed' });
    const set = JSON.parse(String(http.sent.find((r) => r.url.endsWith('setreservationinfo'))?.body));
    expect(set).toMatchObject({
      transactionId: 'fad80a51-3ed0-4502-b623-31992a73aa14',
      agencyReservationNumber: 'TVFIXTURE0001',
      travellers: [
        {
          travellerId: '1',
          type: 1,
          passengerType: 1,
          name: 'Ana',
          surname: 'Perez',
          isLeader: true,
          nationality: { twoLetterCode: 'ES' },
        },
        { travellerId: '2', type: 1, passengerType: 1, name: 'Luis', isLeader: false },
      ],
    });
    expect(set.travellers[0].address.email).toBe('ana@agencia.test');
    const commit = JSON.parse(String(http.sent.find((r) => r.url.endsWith('committransaction'))?.body));
    expect(commit).toEqual({ transactionId: 'fad80a51-3ed0-4502-b623-31992a73aa14' });
    const order = http.sent.map((r) => new URL(r.url).pathname.replace(/^.*\/api\//, ''));
    expect(order.slice(order.indexOf('bookingservice/setreservationinfo'))).toEqual([
      'bookingservice/setreservationinfo',
      'bookingservice/committransaction',
      'bookingservice/getreservationdetail',
    ]);
  });

  it('setreservationinfo at a higher priceToPay stops before committing (price changed)', async () => {
    const higher = JSON.parse(fixture('santsg', 'setreservationinfo.response.json'));
    higher.body.reservationData.reservationInfo.priceToPay = { amount: 400, currency: 'EUR' };
    const http = new ReplayHttp((req) => {
      const method = new URL(req.url).pathname.replace(/^.*\/api\//, '');
      if (method === 'bookingservice/setreservationinfo') return { body: JSON.stringify(higher), contentType: 'application/json' };
      return { body: fixture('santsg', FILES[method]), contentType: 'application/json' };
    });
    const adapter = new TourVisioFlightAdapter(http, replayAccount('santsg'));
    const quote = await quoted(adapter);
    const err = await caught(() =>
      adapter.book({
        quote,
        holder: { name: 'Ana', surname: 'Perez' },
        travellers,
        clientReference: 'TVFIXTURE0001',
        acceptDuplicate: true,
      }),
    );
    expect(err.code).toBe('SUPPLIER_PRICE_CHANGED');
    expect(http.sent.some((r) => r.url.endsWith('committransaction'))).toBe(false);
  });
});
