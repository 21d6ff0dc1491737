import { Hotels } from 'hotelbeds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './server.js';

/**
 * Issue 14: clients written by people who never saw this project, run unchanged against the
 * simulator. Hotelbeds: the `hotelbeds.ts` npm client (iMrDJAi/hotelbeds.ts, typed from the official
 * spec). The other suppliers publish no installable client: their requests are replayed as published
 * clients send them (fixtures/README.md of each adapter names the source).
 */
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('hotelbeds.ts (npm) against the simulator', () => {
  it('availability → checkrates → booking → detail → list → cancellation simulation and cancellation', async () => {
    const hotels = new Hotels({ apiKey: 'hotels-thirdparty', secret: 'sandbox', hotelBookingURL: `${sim.url}/hotelbeds/hotel-api/1.0` });
    // The package's AvailabilityRQ type lacks `destination` (documented by Hotelbeds and used by its
    // Postman collection); the request is sent exactly as the package would send it.
    const avail = await hotels.availability({
      stay: { checkIn: day(30), checkOut: day(32) },
      occupancies: [{ rooms: 1, adults: 2, children: 0 }],
      destination: { code: 'CTG' },
    } as Parameters<typeof hotels.availability>[0]);
    expect(avail.status).toBe(200);
    const rate = avail.data.hotels?.hotels?.[0]?.rooms?.[0]?.rates?.[0];
    if (!rate?.rateKey) throw new Error('no rate in the availability reply');
    const checked = await hotels.checkRate({ rooms: [{ rateKey: rate.rateKey }] });
    expect(checked.status).toBe(200);
    const rateKey = checked.data.hotel?.rooms?.[0]?.rates?.[0]?.rateKey ?? '';
    expect(rateKey).not.toBe('');
    const booked = await hotels.booking({
      holder: { name: 'Ana', surname: 'Perez' },
      rooms: [
        {
          rateKey,
          paxes: [
            { roomId: 1, type: 'AD', name: 'Ana', surname: 'Perez' },
            { roomId: 1, type: 'AD', name: 'Luis', surname: 'Perez' },
          ],
        },
      ],
      clientReference: 'THIRDPARTY1',
      tolerance: 2,
    });
    expect(booked.status).toBe(200);
    const reference = booked.data.booking?.reference ?? '';
    expect(booked.data.booking?.status).toBe('CONFIRMED');
    const detail = await hotels.bookingDetail(reference, { language: 'ENG' });
    expect(detail.data.booking?.reference).toBe(reference);
    const list = await hotels.bookingList({
      start: day(30),
      end: day(30),
      filterType: 'CHECKIN',
      from: 1,
      to: 25,
      clientReference: 'THIRDPARTY1',
    });
    expect((list.data.bookings?.bookings ?? []).map((b) => b.reference)).toContain(reference);
    const simulation = await hotels.bookingCancellation(reference, { cancellationFlag: 'SIMULATION' });
    expect(simulation.status).toBe(200);
    const cancelled = await hotels.bookingCancellation(reference, { cancellationFlag: 'CANCELLATION' });
    expect(cancelled.data.booking?.status).toBe('CANCELLED');
  });
});

describe('published request shapes replayed against the simulator', () => {
  it('Restel: a 110 request as a public Java client builds it (hotel#, pais, provincia, radio, duplicidad 0)', async () => {
    const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
    const xml = `<peticion><tipo>110</tipo><parametros><hotel>#</hotel><pais>CO</pais><provincia>COBOL</provincia><poblacion></poblacion><numhab1>1</numhab1><paxes1>2-0</paxes1><usuario>demo</usuario><afiliacion>RS</afiliacion><fechaentrada>${mdy(day(30))}</fechaentrada><fechasalida>${mdy(day(32))}</fechasalida><pais_cliente>CN</pais_cliente><idioma>2</idioma><radio>9</radio><duplicidad>0</duplicidad><comprimido>2</comprimido></parametros></peticion>`;
    const res = await fetch(`${sim.url}/restel/xml/listen_xml.jsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `codigousu=demo&clausu=sandbox&afiliacio=RS&secacc=sandbox&xml=${encodeURIComponent(xml)}`,
    });
    const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(body).toMatch(/<hotls num="[1-9]\d*">/);
    // Published lin layout: price at [3], night dates at [7] and [8].
    const lin = /<lin>([^<]+)<\/lin>/.exec(body)?.[1].split('#') ?? [];
    expect(lin[7]).toBe(day(30).replace(/-/g, ''));
    expect(lin[3]).toMatch(/^\d+\.\d{2}$/);
  });

  it('TourVisio: the documented login request ({Agency,User,Password}) and its envelope', async () => {
    const res = await fetch(`${sim.url}/santsg/api/authenticationservice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Agency: 'PXM25', User: 'demo', Password: 'sandbox' }),
    });
    const json = (await res.json()) as {
      header: { success: boolean; messages: { code: string }[] };
      body: { token: string; expiresOn: string };
    };
    expect(json.header.success).toBe(true);
    expect(json.header.messages[0].code).toBe('OperationCompleted');
    expect(Date.parse(json.body.expiresOn)).toBeGreaterThan(Date.now());
  });
});
