import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../server.js';

/**
 * The Transfer API as documented (developer.hotelbeds.com …/transfers/booking-api): bookings of several
 * rateKeys under one reference, and cancellation where only `?simulation=true` simulates — any other
 * call cancels, including the hotel API's `cancellationFlag=SIMULATION`, which this API does not know.
 */
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const headers = () => {
  const apiKey = 'transfers-raw';
  const ts = Math.floor(Date.now() / 1000);
  return {
    'api-key': apiKey,
    'x-signature': createHash('sha256').update(`${apiKey}sandbox${ts}`).digest('hex'),
    accept: 'application/json',
    'content-type': 'application/json',
  };
};
const base = () => `${sim.url}/hotelbeds/transfer-api/1.0`;
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base()}${path}`, { method, headers: headers(), body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, data: (await res.json()) as Reply };
}

interface Service {
  rateKey: string;
  direction: string;
  transferType: string;
  category: { code: string };
  pickupInformation: { from: { code: string }; pickup: { checkPickup: { mustCheckPickupTime: boolean } } };
}

interface Reply {
  services: Service[];
  bookings: { reference: string; status: string; totalAmount: number; transfers: { direction: string }[] }[];
  fieldErrors: { field: string }[];
}

async function book(services: Service[]) {
  return call('POST', '/bookings', {
    language: 'en',
    holder: { name: 'Ana', surname: 'Perez', email: 'ana@agencia.test', phone: '+573001112233' },
    transfers: services.map((s) => ({
      rateKey: s.rateKey,
      transferDetails: [{ type: 'FLIGHT', direction: s.direction, code: `AV${s.direction.length}`, companyName: null }],
    })),
    clientReference: 'RAWTRANSFER1',
  });
}

const availability = (inbound?: string) =>
  call('GET', `/availability/en/from/IATA/CTG/to/ATLAS/100000/${day(20)}T10:30:00${inbound ? `/${inbound}` : ''}/2/0/0`);

describe('hotelbeds transfer simulator', () => {
  it('books a round trip (two rateKeys) under one reference', async () => {
    const avail = await availability(`${day(24)}T15:00:00`);
    const services = avail.data.services;
    const out = services.find((s) => s.direction === 'ARRIVAL' && s.transferType === 'PRIVATE') as Service;
    const back = services.find((s) => s.direction === 'DEPARTURE' && s.transferType === 'PRIVATE') as Service;
    const booked = await book([out, back]);
    expect(booked.status).toBe(200);
    expect(booked.data.bookings).toHaveLength(1);
    expect(booked.data.bookings[0].transfers.map((t) => t.direction)).toEqual(['ARRIVAL', 'DEPARTURE']);
  });

  it('rejects a service to or from an airport without its transferDetails', async () => {
    const services = (await availability()).data.services;
    const res = await call('POST', '/bookings', {
      language: 'en',
      holder: { name: 'Ana', surname: 'Perez', email: 'ana@agencia.test', phone: '+573001112233' },
      transfers: [{ rateKey: services[0].rateKey }],
      clientReference: 'RAWTRANSFER2',
    });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors[0].field).toBe('transferDetails');
  });

  it('never cancels on ?simulation=true; cancels without it, and with the unknown cancellationFlag=SIMULATION', async () => {
    const services = (await availability()).data.services;
    const premium = services.find((s) => s.category.code === 'PREMIUM') as Service;
    const ref = async () => (await book([premium])).data.bookings[0].reference;
    const status = async (r: string) => (await call('GET', `/bookings/en/reference/${r}`)).data.bookings[0].status;

    const a = await ref();
    const simulated = await call('DELETE', `/bookings/en/reference/${a}?simulation=true`);
    expect(simulated.data.bookings[0].status).toBe('CANCELLED');
    expect(simulated.data.bookings[0].totalAmount).toBeGreaterThan(0);
    expect(await status(a)).toBe('CONFIRMED');
    await call('DELETE', `/bookings/en/reference/${a}?simulation=true`);
    expect(await status(a)).toBe('CONFIRMED');
    await call('DELETE', `/bookings/en/reference/${a}?simulation=false`);
    expect(await status(a)).toBe('CANCELLED');

    const b = await ref();
    await call('DELETE', `/bookings/en/reference/${b}`);
    expect(await status(b)).toBe('CANCELLED');

    const c = await ref();
    await call('DELETE', `/bookings/en/reference/${c}?cancellationFlag=SIMULATION`);
    expect(await status(c)).toBe('CANCELLED');
  });

  it('hotel → Ciampino: the pickup time must be checked; airport → hotel: it need not', async () => {
    const dep = await call('GET', `/availability/en/from/ATLAS/5643/to/IATA/CIA/${day(30)}T18:00:00/2/0/0`);
    const pickups = dep.data.services.map((s) => s.pickupInformation.pickup.checkPickup.mustCheckPickupTime);
    expect(pickups.length).toBeGreaterThan(0);
    expect(pickups.every(Boolean)).toBe(true);
    const arr = await call('GET', `/availability/en/from/IATA/CIA/to/ATLAS/5643/${day(30)}T18:00:00/2/0/0`);
    expect(arr.data.services.every((s) => !s.pickupInformation.pickup.checkPickup.mustCheckPickupTime)).toBe(true);
  });
});
