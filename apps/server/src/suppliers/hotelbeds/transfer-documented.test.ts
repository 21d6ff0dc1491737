import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import type { TransferSearchInput } from '../types.js';
import { HotelbedsTransferAdapter } from './transfer-adapter.js';

/**
 * Hotelbeds Transfer API documented replies (fixtures/README.md T1–T3) replayed through the transfer
 * adapter: availability with checkPickup, one booking for two rateKeys, detail and cancellation.
 */
function answer(req: SupplierRequest) {
  const path = new URL(req.url).pathname.replace(/^.*\/transfer-api\/1\.0/, '');
  const file =
    req.method === 'GET' && path.startsWith('/availability/')
      ? 'transfers-availability.response.json'
      : req.method === 'DELETE'
        ? 'transfers-cancel.response.json'
        : 'transfers-booking.response.json';
  return { body: fixture('hotelbeds', file), contentType: 'application/json' };
}

function replay() {
  const http = new ReplayHttp(answer);
  const account = replayAccount('hotelbeds');
  return { http, adapter: new HotelbedsTransferAdapter(http, account), account };
}

const search: TransferSearchInput = {
  from: { type: 'ATLAS', code: '5643' },
  to: { type: 'IATA', code: 'CIA' },
  outbound: '2030-06-15T18:00:00',
  inbound: '2030-06-18T10:30:00',
  adults: 2,
  children: 0,
  infants: 0,
};
const holder = { name: 'Ana', surname: 'Perez', email: 'ana@agencia.test', phone: '+573001112233' };

describe('hotelbeds transfers documented replies', () => {
  it('availability: the documented path, both legs, checkPickup, pickup description and content kept', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(search);
    expect(new URL(http.sent[0].url).pathname).toBe(
      '/hotelbeds/transfer-api/1.0/availability/en/from/ATLAS/5643/to/IATA/CIA/2030-06-15T18%3A00%3A00/2030-06-18T10%3A30%3A00/2/0/0',
    );
    const dep = offers.find((o) => o.leg === 'outbound');
    const arr = offers.find((o) => o.leg === 'return');
    expect(dep).toMatchObject({
      direction: 'DEPARTURE',
      pickup: { from: { code: '5643', description: 'Hotel Sistina' }, time: '15:00:00' },
      total: { amount: '41.64', currency: 'EUR' },
      waitingMinutes: 60,
      images: [{ size: 'SMALL' }, { size: 'LARGE' }],
    });
    expect(dep?.pickupDetails).toMatchObject({
      description: expect.stringMatching(/not the flight departure time/),
      address: null,
      checkPickup: { mustCheckPickupTime: true, url: 'https://www.checkpickup.com', hoursBeforeConsulting: 48 },
    });
    expect(dep?.remarks).toContain('Please note the driver will wait a maximum of 60 minutes.');
    expect(arr?.pickupDetails?.checkPickup).toEqual({ mustCheckPickupTime: false, url: null, hoursBeforeConsulting: null });
  });

  it('booking: both rateKeys in one request, each with its transferDetails; one reference, two legs', async () => {
    const { adapter, http } = replay();
    const { offers } = await adapter.search(search);
    const [out, back] = [offers[0], offers[1]];
    const [q1, q2] = [await adapter.quote(out), await adapter.quote(back)];
    const booking = await adapter.book({
      quote: q1,
      holder,
      clientReference: 'TVFIXTURE0009',
      transport: { type: 'FLIGHT', code: 'FR1234' },
      legs: [
        { quote: q1, transport: { type: 'FLIGHT', code: 'FR1234' } },
        { quote: q2, transport: { type: 'FLIGHT', code: 'FR4321' } },
      ],
    });
    const sent = JSON.parse(String(http.sent.find((r) => r.method === 'POST')?.body));
    expect(sent.transfers).toEqual([
      { rateKey: q1.token.value, transferDetails: [{ type: 'FLIGHT', direction: 'DEPARTURE', code: 'FR1234' }] },
      { rateKey: q2.token.value, transferDetails: [{ type: 'FLIGHT', direction: 'ARRIVAL', code: 'FR4321' }] },
    ]);
    expect(sent.holder.phone).toBe('+573001112233');
    expect(booking).toMatchObject({ ref: { locator: '1-4135098' }, status: 'confirmed', total: { amount: '83.28', currency: 'EUR' } });
    expect(booking.legs?.map((l) => [l.direction, l.transport[0]?.code, l.pickupDetails?.checkPickup?.mustCheckPickupTime])).toEqual([
      ['DEPARTURE', 'FR1234', true],
      ['ARRIVAL', 'FR4321', false],
    ]);
    expect(booking.legs?.[0]).toMatchObject({ passengers: { adults: 2, children: 0, infants: 0 }, emergencyPhone: '+34971211630' });
    expect(booking.supplierCompany).toEqual({ name: 'HOTELBEDS SPAIN, S.L.U', vatNumber: 'ESB57218372' });
  });

  it('cancellation: simulation sends ?simulation=true (never cancellationFlag) and is sent once; the charge is totalAmount', async () => {
    const { adapter, http } = replay();
    const sim = await adapter.cancel({ locator: '1-4135098' }, { simulate: true });
    const deletes = http.sent.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    const url = new URL(deletes[0].url);
    expect(url.pathname).toBe('/hotelbeds/transfer-api/1.0/bookings/en/reference/1-4135098');
    expect([...url.searchParams.entries()]).toEqual([['simulation', 'true']]);
    expect(sim).toMatchObject({ simulated: true, status: 'confirmed', penalty: { amount: '83.28', currency: 'EUR' } });
    const done = await adapter.cancel({ locator: '1-4135098' }, { simulate: false });
    expect([...new URL(http.sent.filter((r) => r.method === 'DELETE')[1].url).searchParams.keys()]).toEqual([]);
    expect(done).toMatchObject({ simulated: false, status: 'cancelled', penalty: { amount: '83.28' } });
  });
});
